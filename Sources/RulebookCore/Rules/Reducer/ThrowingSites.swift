/// A reducer's ``CodeSiteKind/throw`` sites read together: which of them can end their
/// effect with an error other than a cancellation, and the effect each belongs to.
struct ThrowingSites {
    private let sites: [CodeSite]
    private let tree: SiteTree
    /// For each site (by index), the sites whose parent it is.
    private let children: [[Int]]

    /// Calls whose only error is a cancellation: sleeping (`Task.sleep`, a clock's or a
    /// scheduler's `sleep`) and checking for it.
    static let cancellationOnlyCalls: Set<String> = ["sleep", "checkCancellation"]
    /// Calls that only rethrow the errors of the closure they take: a `try` inside that
    /// closure is a site of its own, below the call's.
    static let rethrowingWrappers: Set<String> = [
        "withTaskCancellation", "withTaskCancellationHandler", "withDependencies", "MainActor.run",
    ]

    init(_ sites: [CodeSite]) {
        self.sites = sites
        tree = SiteTree(sites)
        var children = [[Int]](repeating: [], count: sites.count)
        // Outer sites come first (a declared spec says so too): a parent after its child is
        // ignored, so that the tree read downwards has no cycle.
        for index in sites.indices {
            if let parent = tree.ancestors(of: index).first, parent < index { children[parent].append(index) }
        }
        self.children = children
    }

    /// The `throw` sites whose error may be something other than a cancellation.
    var uncaught: [Int] {
        sites.indices.filter { sites[$0].kind == .throw && !isCancellationOnly($0) }
    }

    /// How a message names the site at `index`: `throw`, or `try` and what it tries
    /// (`try receiptClient.latest(…)`).
    func culprit(_ index: Int) -> String {
        guard sites[index].path == "try", let call = triedCalls(of: index).first else { return sites[index].path }
        return "try " + sites[call].displayName
    }

    /// The `.run`/`.task` call whose operation holds the site at `index`, if a site says.
    func effect(around index: Int) -> Int? {
        tree.ancestors(of: index).first { Self.isReportingEffect(sites[$0]) }
    }

    static func isReportingEffect(_ site: CodeSite) -> Bool {
        site.kind == .call && ReportingEffectBuilder.isBuilt(byCallee: site.path)
    }

    /// A `try` whose tried calls (below it, through `await`s) each sleep or check for
    /// cancellation, or rethrow only such `try`s of their closures.
    private func isCancellationOnly(_ index: Int, depth: Int = 0) -> Bool {
        guard sites[index].path == "try", depth < sites.count else { return false }
        let tried = triedCalls(of: index)
        return !tried.isEmpty && tried.allSatisfy { call in
            let site = sites[call]
            if site.components.last.map(Self.cancellationOnlyCalls.contains) == true { return true }
            guard Self.rethrowingWrappers.contains(site.path) || Self.rethrowingWrappers.contains(site.components.last ?? "")
            else { return false }
            return throwSites(below: call).allSatisfy { isCancellationOnly($0, depth: depth + 1) }
        }
    }

    /// The calls a `try` tries: its children, looking through `await`s.
    private func triedCalls(of index: Int) -> [Int] {
        children[index].flatMap { child in sites[child].kind == .await ? triedCalls(of: child) : [child] }
            .filter { sites[$0].kind == .call }
    }

    /// The `throw` sites nearest below `index` (not those below another `throw` site).
    private func throwSites(below index: Int) -> [Int] {
        children[index].flatMap { child in sites[child].kind == .throw ? [child] : throwSites(below: child) }
    }
}
