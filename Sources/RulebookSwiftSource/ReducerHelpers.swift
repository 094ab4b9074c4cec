import RulebookCore

/// The methods of reducer types that their reducers call (``ReducerScope/isHelper``), inlined
/// into the reducer that calls them: a `private func trimVideo(_:)` run from `.run { }` is
/// effect work, one called in the body is body work, wherever in the type it is declared.
///
/// Each helper is inlined once, into the reducer whose call runs it in the body if one does
/// (the stricter reading: its side effects then run in the body), else the first to call it;
/// helpers that helpers call follow, a few calls deep. Its sites keep their own locations,
/// take the calling site's place in the tree (`parent`) and run in an effect when the call
/// does.
struct ReducerHelpers {
    /// How many calls deep helpers calling helpers are followed.
    static let maximumDepth = 4

    private let helpers: [ReducerScope]
    /// Helper indices by owner type and method name (overloads share a name).
    private let byName: [String: [String: [Int]]]

    init(_ helpers: [ReducerScope]) {
        self.helpers = helpers
        var byName: [String: [String: [Int]]] = [:]
        for (index, helper) in helpers.enumerated() {
            guard let type = helper.facts.ownerType, let name = helper.helperName else { continue }
            byName[type, default: [:]][name, default: []].append(index)
        }
        self.byName = byName
    }

    /// `reducers` with the sites of the helpers they call.
    func inline(into reducers: [ReducerScope]) -> [ReducerScope] {
        guard !byName.isEmpty else { return reducers }
        var result = reducers
        var placed = Set<Int>()
        var calls = reducers.indices.flatMap { calledHelpers(in: reducers[$0].facts.sites, of: $0, owner: reducers[$0].facts.ownerType) }
        for _ in 0..<Self.maximumDepth where !calls.isEmpty {
            var chosen: [Int: Call] = [:]
            for call in calls where !placed.contains(call.helper) {
                if let best = chosen[call.helper], !(best.site.insideEffect && !call.site.insideEffect) { continue }
                chosen[call.helper] = call
            }
            calls = []
            for (helper, call) in chosen.sorted(by: { $0.key < $1.key }) {
                placed.insert(helper)
                let added = Self.sites(of: helpers[helper], calledFrom: call.site, after: result[call.reducer].facts.sites)
                result[call.reducer].facts.sites += added
                result[call.reducer].localDependencies += helpers[helper].localDependencies
                calls += calledHelpers(in: added, of: call.reducer, owner: result[call.reducer].facts.ownerType)
            }
        }
        return result
    }

    /// A helper called at `site` by the reducer at index `reducer`.
    private struct Call {
        var helper: Int
        var reducer: Int
        var site: CodeSite
    }

    /// The helpers of `owner` that `sites` call by name (`trimVideo(url)`, `self.trimVideo(url)`).
    private func calledHelpers(in sites: [CodeSite], of reducer: Int, owner: String?) -> [Call] {
        guard let owner, let methods = byName[owner] else { return [] }
        return sites.flatMap { site -> [Call] in
            // `trimVideo(url)` or `self.trimVideo(url)`; never `.trimVideo(url)`, a case of an
            // enum (`case let .fetchCards(page):`, `.send(.fetchCards(1))`).
            guard site.kind == .call else { return [] }
            let name = site.path.hasPrefix("self.") ? String(site.path.dropFirst(5)) : site.path
            guard let indices = methods[name] else { return [] }
            return indices.map { Call(helper: $0, reducer: reducer, site: site) }
        }
    }

    /// A helper's sites renumbered after `existing`, in the place of the `call` site: the
    /// value of a helper that returns its one expression is the call's, used as the call is.
    private static func sites(of helper: ReducerScope, calledFrom call: CodeSite, after existing: [CodeSite]) -> [CodeSite] {
        let offset = (existing.map(\.id).max() ?? -1) + 1
        return helper.facts.sites.map { site in
            var inlined = site
            inlined.id = site.id + offset
            inlined.parent = site.parent.map { $0 + offset } ?? call.parent
            inlined.insideEffect = site.insideEffect || call.insideEffect
            if helper.returnsItsExpression, site.parent == nil { inlined.isStatement = call.isStatement }
            return inlined
        }
    }
}
