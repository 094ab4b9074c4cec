/// What one Swift file tells about the project beyond its own features: the facts
/// ``ProjectIndex`` gathers for ``ProjectContext``. Filled by the Swift front end.
public struct FileIndex: Codable, Hashable, Sendable {
    /// The file's path: where a fact is written decides which of several same-named types
    /// it is about (the nearest, by folder).
    public var path = ""
    /// Types declared outside any function, by simple and by qualified name
    /// (`State` and `Feature.State`).
    public var declaredTypes: Set<String> = []
    /// The names in the inheritance clauses of its types and extensions.
    public var inheritedNames: Set<String> = []
    /// Protocols it declares, each with the protocols it inherits directly.
    public var protocols: [String: [String]] = [:]
    /// Conformances its extensions add, by the extended type as written.
    public var extensionConformances: [String: Set<String>] = [:]
    /// Static members its extensions add, by the extended type as written.
    public var extensionStaticMembers: [String: Set<String>] = [:]
    /// Whether it declares a reducer (a `@Reducer` type or one conforming to `Reducer`, or a
    /// `Reducer<S, A, E>` value).
    public var declaresReducer = false
    /// Types named as State, Action or Environment by `Reducer<S, A, E>`, `Reduce<S, A>`,
    /// `Store<S, A>` and their kin.
    public var roleNames: Set<String> = []
    /// Reducer values it declares with their environment type (`homeReducer` →
    /// `HomeEnvironment` for `let homeReducer = Reducer<HomeState, HomeAction, HomeEnvironment>`).
    public var reducerEnvironments: [String: String] = [:]
    /// Reducer values it scopes to a parent with an `environment:` argument
    /// (`homeReducer.pullback(…, environment: { … })`, `.forEach(…)`).
    public var scopedReducers: Set<String> = []
    /// Environment types it builds by name outside a parent's `environment:` argument and
    /// their own declarations (`HomeEnvironment(…)` in a preview or a test).
    public var builtEnvironments: Set<String> = []
    /// Types its dependencies produce without a possible failure (`Settings` for
    /// `() -> Effect<Settings, Never>`, `() async -> Settings`).
    public var infallibleOutputs: Set<String> = []
    /// Computed properties of its State types, by qualified type name.
    public var stateComputedProperties: [String: Set<String>] = [:]
    /// iOS versions a SwiftPM manifest sets as its lowest (`.iOS(.v17)` → `17`).
    public var iOSVersions: Set<String> = []
    /// Types it declares that can hold a failure (``FailureVocabulary``), by qualified name: an
    /// enum with a failure case (`Loadable.failed(Error)`), a type with a stored error.
    public var failableTypes: Set<String> = []

    public init() {}
}

/// Every file of a project, merged: answers each spec's ``ProjectContext``. Pure: the
/// producer reads the files and the front end indexes them.
///
/// Names are not unique in a project (two features' `WeatherEnvironment`, two modules'
/// `counterReducer`): a fact written in one file about a name is about the declaration of
/// that name nearest to it by folder (the longest shared folder path), as an extension
/// usually sits in its type's module. Ties keep the fact for each.
public struct ProjectIndex: Sendable {
    /// A fact about `name` written in the file at `path`.
    private struct Located: Sendable {
        var name: String
        var values: [String]
        var path: String
    }

    private var hasReducers = false
    private var roleNames: Set<String> = []
    /// Where each type name is declared.
    private var declarations: [String: [String]] = [:]
    private var staticMembers: [Located] = []
    private var conformances: [Located] = []
    private var derivedEnvironments: [Located] = []
    private var builtEnvironments: [Located] = []
    private var protocols: [String: [String]] = [:]
    private var failableTypes = NamesByKey([], key: { $0 })
    private var minimumIOSVersion: String?
    private var infallibleOutputs = NamesByKey([], key: { $0 })
    private var stateComputedProperties: [String: Set<String>] = [:]
    /// The types ``stateComputedProperties`` knows, by their outermost name.
    private var stateTypes = NamesByKey([], key: { $0 })

    /// The index of `files`; `iOSVersions` are deployment targets the project's build
    /// settings set elsewhere (Xcode projects).
    public init(_ files: [FileIndex], iOSVersions: [String] = []) {
        var versions = iOSVersions
        var failable: Set<String> = []
        var infallible: Set<String> = []
        var reducers: [Located] = []
        var scoped: [Located] = []
        for file in files {
            hasReducers = hasReducers || file.declaresReducer
            roleNames.formUnion(file.roleNames)
            for name in file.declaredTypes { declarations[name, default: []].append(file.path) }
            staticMembers += file.extensionStaticMembers.map { Located(name: $0.key, values: $0.value.sorted(), path: file.path) }
            conformances += file.extensionConformances.map { Located(name: $0.key, values: $0.value.sorted(), path: file.path) }
            builtEnvironments += file.builtEnvironments.map { Located(name: $0, values: [], path: file.path) }
            reducers += file.reducerEnvironments.map { Located(name: $0.key, values: [$0.value], path: file.path) }
            scoped += file.scopedReducers.map { Located(name: $0, values: [], path: file.path) }
            protocols.merge(file.protocols) { first, _ in first }
            failable.formUnion(file.failableTypes)
            versions += file.iOSVersions
            infallible.formUnion(file.infallibleOutputs)
            stateComputedProperties.merge(file.stateComputedProperties) { $0.union($1) }
        }
        minimumIOSVersion = versions.min(by: ProjectContext.isLowerVersion)
        failableTypes = NamesByKey(failable, key: Self.outermostName(of:))
        infallibleOutputs = NamesByKey(infallible, key: TypeName.unqualified)
        stateTypes = NamesByKey(stateComputedProperties.keys, key: Self.outermostName(of:))
        // A scoped reducer is the nearest reducer value of that name; its environment is
        // derived, a fact about the environment written where the reducer is declared.
        for scoping in scoped {
            let candidates = reducers.filter { $0.name == scoping.name }
            for reducer in Self.nearest(candidates.map(\.path), to: scoping.path).flatMap({ path in candidates.filter { $0.path == path } }) {
                derivedEnvironments += reducer.values.map { Located(name: $0, values: [], path: reducer.path) }
            }
        }
    }

    /// The context of the spec made of `files` (with their `texts`): what the project says
    /// about the types they declare, the protocols they inherit, and the types they mention
    /// (an identifier of their text, a superset of what they use).
    public func context(for files: [FileIndex], texts: [String] = []) -> ProjectContext {
        let mentioned = MentionedNames(texts)
        var declared: [String: Set<String>] = [:]
        var inherited: Set<String> = []
        for file in files {
            for name in file.declaredTypes { declared[name, default: []].insert(file.path) }
            inherited.formUnion(file.inheritedNames)
        }
        /// The facts that are about the spec's own declaration of their name.
        func about(_ facts: [Located]) -> [Located] {
            facts.filter { fact in
                guard let mine = declared[fact.name] else { return false }
                return !mine.isDisjoint(with: Self.nearest(declarations[fact.name] ?? [], to: fact.path))
            }
        }
        func grouped(_ facts: [Located]) -> [String: [String]] {
            Dictionary(about(facts).map { ($0.name, $0.values) }, uniquingKeysWith: +).mapValues { Array(Set($0)).sorted() }
        }
        var refinements: [String: [String]] = [:]
        for name in inherited where protocols[name] != nil {
            refinements[name] = allRefinements(of: name).sorted()
        }
        return ProjectContext(
            hasReducers: hasReducers, featureTypes: declared.keys.filter(roleNames.contains).sorted(),
            derivedEnvironments: Set(about(derivedEnvironments).map(\.name)).sorted(),
            directlyBuiltEnvironments: Set(about(builtEnvironments).map(\.name)).sorted(),
            staticMembers: grouped(staticMembers), conformances: grouped(conformances), protocols: refinements,
            failableTypes: failableTypes.mentioned(in: mentioned).sorted(),
            minimumIOSVersion: minimumIOSVersion,
            infallibleTypes: infallibleOutputs.mentioned(in: mentioned).sorted(),
            stateComputedProperties: Dictionary(
                uniqueKeysWithValues: stateTypes.mentioned(in: mentioned).map { ($0, stateComputedProperties[$0, default: []].sorted()) }))
    }

    /// The first name of a qualified one (`Flag` of `Flag.Output`): what a text that uses the
    /// type mentions.
    private static func outermostName(of qualified: String) -> String {
        String(qualified.split(separator: ".").first ?? Substring(qualified))
    }

    /// The paths among `paths` that share the longest folder path with `path`.
    private static func nearest(_ paths: [String], to path: String) -> Set<String> {
        let folders = Array(path.split(separator: "/").dropLast())
        var best = -1
        var found: Set<String> = []
        for candidate in paths {
            let shared = zip(candidate.split(separator: "/").dropLast(), folders).prefix { $0 == $1 }.count
            if shared > best {
                best = shared
                found = [candidate]
            } else if shared == best {
                found.insert(candidate)
            }
        }
        return found
    }

    /// Every protocol `name` refines, through the project's protocols.
    private func allRefinements(of name: String) -> Set<String> {
        var found: Set<String> = []
        var pending = protocols[name] ?? []
        while let next = pending.popLast() {
            guard found.insert(next).inserted else { continue }
            pending += protocols[next] ?? []
        }
        return found
    }
}
