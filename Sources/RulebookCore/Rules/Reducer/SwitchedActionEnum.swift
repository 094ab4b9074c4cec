/// Which Action enum a reducer's `switch action` is over, for the rules that judge the
/// switch against the feature's cases.
extension FeatureModel {
    /// The feature's Action enum `reducer` switches over (`handled`: the cases the switch
    /// names), or `nil` when the spec does not say for certain: the type the reducer writes
    /// (`Reducer<S, A, E>`, `action: Action`) or else `Action`, looked up as Swift looks a name
    /// up from the reducer (`Owner.Action`, then the enclosing types' `Action`, then a
    /// top-level one); for a reducer that writes no type, else the one enum naming every
    /// handled case. The switch must name only
    /// cases of that enum: one over a shared app action that this reducer slices
    /// (`case .child(.tapped):` of another feature's Action) is not this feature's switch.
    func actionEnum(switchedBy reducer: ReducerFacts, handling handled: [String]) -> TypeDecl? {
        let handlesOnlyItsCases = { (type: TypeDecl) in Set(handled).isSubset(of: type.cases.map(\.name)) }
        var written = reducer.actionType ?? "Action"
        if written.hasPrefix("Self.") { written.removeFirst("Self.".count) }
        // The name as Swift resolves it, among every enum the spec declares.
        let enums = types.filter { $0.kind == .enum && !$0.cases.isEmpty }
        var candidate = Self.scopes(outwardFrom: reducer.owner).lazy.compactMap { scope in
            let qualified = scope.isEmpty ? written : "\(scope).\(written)"
            return enums.first { $0.qualifiedName == qualified }
        }.first
        if candidate == nil, reducer.actionType == nil {
            let matching = actions.filter { $0.kind == .enum && !$0.cases.isEmpty && handlesOnlyItsCases($0) }
            candidate = matching.count == 1 ? matching.first : nil
        }
        guard let candidate, handlesOnlyItsCases(candidate) else { return nil }
        return candidate
    }

    /// `A.B.C`, `A.B`, `A`, then the top level (`""`).
    private static func scopes(outwardFrom owner: String?) -> [String] {
        guard let owner else { return [""] }
        var scopes = [owner]
        var current = Substring(owner)
        while let dot = current.lastIndex(of: ".") {
            current = current[..<dot]
            scopes.append(String(current))
        }
        return scopes + [""]
    }
}
