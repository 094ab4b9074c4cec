/// Helpers the reducer rules share over ``ReducerFacts/sites``.
extension ReducerFacts {
    /// The sites that satisfy `matches` and sit inside no other site that does: one finding
    /// per offending expression (`URLSession.shared.dataTask(…).resume()` once, the `await`
    /// inside a reported `Task { }` not again).
    /// `matches` is asked once per site.
    func outermostSites(where matches: (CodeSite) -> Bool) -> [CodeSite] {
        let tree = SiteTree(sites)
        let matched = sites.map(matches)
        return sites.indices.filter { index in
            matched[index] && !tree.ancestors(of: index).contains { matched[$0] }
        }.map { sites[$0] }
    }

    /// The sites that satisfy `matches`, except those whose chain a matching site continues
    /// (`APIClient.shared.fetch` inside `APIClient.shared.fetch().decode()`); a match in the
    /// arguments of another (`Client(url: Config.shared.url)`) still counts.
    /// `matches` is asked once per site.
    func chainHeads(where matches: (CodeSite) -> Bool) -> [CodeSite] {
        let tree = SiteTree(sites)
        let matched = sites.map(matches)
        return sites.indices.filter { index in
            matched[index]
                && !tree.ancestors(of: index).contains { matched[$0] && sites[$0].path.hasPrefix(sites[index].path + "()") }
        }.map { sites[$0] }
    }

    /// Ids of the sites that sit in no other call's callee, arguments or closures (enclosing
    /// awaits aside): statements of the body itself rather than of a closure such as
    /// `.map { environment.transform($0) }`, whose value is the closure's result.
    var topLevelSiteIds: Set<Int> {
        let tree = SiteTree(sites)
        return Set(sites.indices.filter { index in tree.ancestors(of: index).allSatisfy { sites[$0].kind == .await } }.map { sites[$0].id })
    }

    /// The reducer's owner as a message names it: its type, without the function that builds
    /// it (`HomeFeature` for `HomeFeature.init()`), or its variable (legacy).
    var displayOwner: String? {
        guard let type = ownerType, !type.isEmpty else { return owner }
        return type
    }

    /// Names the reducer reaches its dependencies under: `@Dependency` properties (modern) or
    /// the legacy closure's environment parameter.
    var dependencyNames: Set<String> { Set(dependencies.map(\.name)) }
}

extension CodeSite {
    /// The path without a leading `self.` (`self.analytics.track` → `analytics.track`).
    var pathComponentsWithoutSelf: [String] {
        let parts = components
        return parts.first == "self" ? Array(parts.dropFirst()) : parts
    }

    /// How the site reads in a message: `print(…)`, `Date()`, `URLSession.shared.dataTask(…).resume()`.
    var displayName: String {
        switch kind {
        case .await, .throw, .reference, .write: return path
        case .call:
            let chain = path.replacingOccurrences(of: "()", with: "(…)")
            return chain + (argumentLabels.isEmpty ? "()" : "(…)")
        }
    }

    /// `false` when the path's first component surely does not start with an uppercase
    /// letter (its first byte is ASCII other than A–Z, and so is the next one, so that
    /// the first Character is that byte); a cheap test before ``components``.
    var mayStartWithType: Bool {
        var bytes = path.utf8.drop { $0 == UInt8(ascii: ".") }.makeIterator()
        guard let first = bytes.next() else { return false }
        guard first < 0x80 else { return true }
        let second = bytes.next()
        guard second.map({ $0 < 0x80 && !(first == 0x0D && $0 == 0x0A) }) ?? true else { return true }
        return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
    }

    /// Whether every one of a path's components (`parts`) before `index` names a type
    /// (`Foo.Bar` in `Foo.Bar.shared`).
    static func isTypeRooted(_ parts: [String], upTo index: Int) -> Bool {
        guard index <= parts.count, index > 0 else { return false }
        return parts[..<index].allSatisfy { $0.first?.isUppercase == true && !$0.utf8.contains(UInt8(ascii: "(")) }
    }
}

/// The nesting of a reducer's sites: each site's ``CodeSite/parent`` resolved to the first
/// site with that id, once for all sites instead of a search per step.
struct SiteTree {
    /// For each site (by index), the index of the site its parent id names, if any.
    private let parents: [Int?]

    init(_ sites: [CodeSite]) {
        // Ids are the sites' positions in the walk (0..<count) unless a declared spec says
        // otherwise: then by dictionary.
        if sites.allSatisfy({ $0.id >= 0 && $0.id < sites.count }) {
            var firstIndex = [Int](repeating: -1, count: sites.count)
            for (index, site) in sites.enumerated() where firstIndex[site.id] < 0 {
                firstIndex[site.id] = index
            }
            parents = sites.map { site in
                guard let id = site.parent, id >= 0, id < firstIndex.count, firstIndex[id] >= 0 else { return nil }
                return firstIndex[id]
            }
        } else {
            var firstIndex: [Int: Int] = [:]
            for (index, site) in sites.enumerated() where firstIndex[site.id] == nil {
                firstIndex[site.id] = index
            }
            parents = sites.map { site in site.parent.flatMap { firstIndex[$0] } }
        }
    }

    /// The indices of the calls and awaits that contain the site at `index`, innermost first
    /// (at most as many as there are sites: parent ids may form a cycle in a declared spec).
    func ancestors(of index: Int) -> [Int] {
        var result: [Int] = []
        var parent = parents[index]
        while let enclosing = parent, result.count < parents.count {
            result.append(enclosing)
            parent = parents[enclosing]
        }
        return result
    }
}
