/// Helpers the reducer rules share over ``ReducerFacts/sites``.
extension ReducerFacts {
    /// The sites that satisfy `matches` and sit inside no other site that does: one finding
    /// per offending expression (`URLSession.shared.dataTask(…).resume()` once, the `await`
    /// inside a reported `Task { }` not again).
    func outermostSites(where matches: (CodeSite) -> Bool) -> [CodeSite] {
        sites.filter { site in
            matches(site) && !ancestors(of: site).contains(where: matches)
        }
    }

    /// The sites that satisfy `matches`, except those whose chain a matching site continues
    /// (`APIClient.shared.fetch` inside `APIClient.shared.fetch().decode()`); a match in the
    /// arguments of another (`Client(url: Config.shared.url)`) still counts.
    func chainHeads(where matches: (CodeSite) -> Bool) -> [CodeSite] {
        sites.filter { site in
            matches(site) && !ancestors(of: site).contains { matches($0) && $0.path.hasPrefix(site.path + "()") }
        }
    }

    /// Ids of the sites that sit in no other call's callee, arguments or closures (enclosing
    /// awaits aside): statements of the body itself rather than of a closure such as
    /// `.map { environment.transform($0) }`, whose value is the closure's result.
    var topLevelSiteIds: Set<Int> {
        Set(sites.filter { site in ancestors(of: site).allSatisfy { $0.kind == .await } }.map(\.id))
    }

    /// The calls and awaits that contain `site`, innermost first.
    func ancestors(of site: CodeSite) -> [CodeSite] {
        var result: [CodeSite] = []
        var parent = site.parent
        while let id = parent, result.count < sites.count, let enclosing = sites.first(where: { $0.id == id }) {
            result.append(enclosing)
            parent = enclosing.parent
        }
        return result
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

    /// Whether every component before `index` names a type (`Foo.Bar` in `Foo.Bar.shared`).
    func isTypeRooted(upTo index: Int) -> Bool {
        let parts = components
        guard index <= parts.count, index > 0 else { return false }
        return parts[..<index].allSatisfy { $0.first?.isUppercase == true && !$0.contains("(") }
    }
}
