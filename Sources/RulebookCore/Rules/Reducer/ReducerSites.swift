/// Helpers the reducer rules share over ``ReducerFacts/sites``.
extension ReducerFacts {
    /// The sites that satisfy `matches` and sit inside no other site that does, one per
    /// location: one finding per offending expression (`URLSession.shared.dataTask(…).resume()`
    /// once, the `await` inside a reported `Task { }` not again).
    func outermostSites(where matches: (CodeSite) -> Bool) -> [CodeSite] {
        let byId = Dictionary(sites.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var reported: Set<SourceLocation> = []
        return sites.filter { site in
            guard matches(site) else { return false }
            var parent = site.parent
            while let id = parent, let enclosing = byId[id] {
                if matches(enclosing) { return false }
                parent = enclosing.parent
            }
            return reported.insert(site.location).inserted
        }
    }

    /// Ids of the sites that sit in no other call's callee, arguments or closures (enclosing
    /// awaits aside): statements of the body itself rather than of a closure such as
    /// `.map { environment.transform($0) }`, whose value is the closure's result.
    var topLevelSiteIds: Set<Int> {
        let byId = Dictionary(sites.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return Set(
            sites.filter { site in
                var parent = site.parent
                while let id = parent, let enclosing = byId[id] {
                    if enclosing.kind != .await { return false }
                    parent = enclosing.parent
                }
                return true
            }.map(\.id))
    }

    /// The sites that satisfy `matches`, one per location (`UserRepository().fetch()` once).
    func distinctSites(where matches: (CodeSite) -> Bool) -> [CodeSite] {
        var reported: Set<SourceLocation> = []
        return sites.filter { matches($0) && reported.insert($0.location).inserted }
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
        case .await: return "await"
        case .reference: return path
        case .call:
            let chain = path.replacingOccurrences(of: "()", with: "(…)")
            return chain + (argumentLabels.isEmpty ? "()" : "(…)")
        }
    }

    /// Whether every component up to `index` names a type (`Foo.Bar.shared` up to `shared`).
    func isTypeRooted(upTo index: Int) -> Bool {
        let parts = components
        guard index <= parts.count, index > 0 else { return false }
        return parts[..<index].allSatisfy { $0.first?.isUppercase == true && !$0.contains("(") }
    }
}
