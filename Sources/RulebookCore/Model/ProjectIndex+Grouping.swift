/// Which files are one feature: a feature is its type (a reducer type, with the types nested
/// in it) and its views, with everything that extends them, wherever that is (another file
/// of the folder, the implementation module of a Tuist `Interface` module). The scanner's
/// groups (a folder's legacy five-file feature, a file and its `+Extension` files) are joined
/// when one extends a feature's or a view's type that another declares:
/// `extension Feature { init() { … Reduce { … } } }` in `Feature.swift` joins `struct Feature`
/// and its `Action` in `FeatureInterface.swift`, `extension Feature { struct Environment { … } }`
/// joins the feature, and `extension FeatureView { var body … }` joins the view.
///
/// What does not join, so that a feature stays one feature:
/// - extensions of any other type (a client, a model, a namespace of generated types): what
///   they add reaches the features that use the type as facts of the project context
///   (``ProjectContext/staticMembers``, ``ProjectContext/conformances``), and joining through
///   them would chain the app's files together;
/// - a group that declares a feature of its own (a reducer type, or a legacy reducer value)
///   joins no other, and two features are never joined through a file that extends both;
/// - a view that many files extend (more than ``ProjectIndex/sharedTypeExtensionFiles``) is a
///   shared one, no part of theirs.
extension ProjectIndex {
    /// Files that may extend a view before it counts as shared by the app rather than part of
    /// one feature.
    public static let sharedTypeExtensionFiles = 16

    /// The scanner's groups `specs` (each the indexes of its files), partitioned into
    /// features: each result lists the positions in `specs` of one feature's groups, in
    /// order, and the features come in the order of their first group.
    public func featureGroups(_ specs: [[FileIndex]]) -> [[Int]] {
        var specOfPath: [String: Int] = [:]
        var extenders: [String: Set<String>] = [:]
        for (position, files) in specs.enumerated() {
            for file in files {
                specOfPath[file.path] = position
                for name in file.extendedTypes.union(file.namespaceExtensions) { extenders[name, default: []].insert(file.path) }
            }
        }
        let declaresOne = specs.map { $0.contains(where: declaresFeature) }
        var joined = UnionFind(count: specs.count)
        var features = declaresOne.map { $0 ? 1 : 0 }
        for (position, files) in specs.enumerated() where !declaresOne[position] {
            for file in files {
                for extended in file.extendedTypes.union(file.namespaceExtensions).sorted() {
                    guard let declaration = declaringPath(of: extended, near: file.path), let target = specOfPath[declaration],
                        target != position
                    else { continue }
                    let isFeature = declaresOne[target] && isReducerOrNested(extended)
                    let isView = viewTypes.contains(extended) && (extenders[extended]?.count ?? 0) <= Self.sharedTypeExtensionFiles
                    guard isFeature || isView else { continue }
                    let (mine, theirs) = (joined.find(position), joined.find(target))
                    guard mine != theirs, features[mine] + features[theirs] <= 1 else { continue }
                    joined.union(mine, theirs)
                    features[joined.find(mine)] = features[mine] + features[theirs]
                }
            }
        }
        return joined.partition()
    }

    /// Whether `name` (as an extension writes it) is a reducer type or a type nested in one.
    private func isReducerOrNested(_ name: String) -> Bool {
        var name = Substring(name)
        while true {
            if reducerTypes.contains(String(name)) { return true }
            guard let dot = name.lastIndex(of: ".") else { return false }
            name = name[..<dot]
        }
    }

    /// Whether `file` declares a feature: a type the project shows is a reducer, or a legacy
    /// reducer value (`let homeReducer = Reducer<HomeState, HomeAction, HomeEnvironment> { … }`).
    public func declaresFeature(_ file: FileIndex) -> Bool {
        !file.reducerEnvironments.isEmpty || file.typeInheritance.keys.contains(where: reducerTypes.contains)
    }

    /// The one file nearest to `path` (by folder) that declares the type an extension names as
    /// `extended` (`Feature.View`, else its outermost type `Feature`); `nil` when the project
    /// does not declare it or several declarations are as near.
    func declaringPath(of extended: String, near path: String) -> String? {
        var name = Substring(extended)
        while true {
            if let paths = typeDeclarations[String(name)] {
                let nearest = Self.nearest(paths, to: path)
                return nearest.count == 1 ? nearest.first : nil
            }
            guard let dot = name.lastIndex(of: ".") else { return nil }
            name = name[..<dot]
        }
    }
}

/// Disjoint sets of positions `0..<count`, joined pairwise.
struct UnionFind {
    private var parents: [Int]

    init(count: Int) { parents = Array(0..<count) }

    /// The representative of `element`'s set.
    mutating func find(_ element: Int) -> Int {
        var root = element
        while parents[root] != root { root = parents[root] }
        var current = element
        while parents[current] != root {
            let next = parents[current]
            parents[current] = root
            current = next
        }
        return root
    }

    /// Joins the sets of `a` and `b` (the smaller position stays the representative).
    mutating func union(_ a: Int, _ b: Int) {
        let (rootA, rootB) = (find(a), find(b))
        guard rootA != rootB else { return }
        parents[max(rootA, rootB)] = min(rootA, rootB)
    }

    /// Every set, its positions in order, the sets in the order of their first position.
    mutating func partition() -> [[Int]] {
        var sets: [Int: [Int]] = [:]
        var order: [Int] = []
        for element in parents.indices {
            let root = find(element)
            if sets[root] == nil { order.append(root) }
            sets[root, default: []].append(element)
        }
        return order.map { sets[$0]! }
    }
}
