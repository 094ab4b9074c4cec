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
        var candidate = TypeName.scopes(outwardFrom: reducer.owner ?? "").lazy.compactMap { scope in
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
}

extension TypeDecl {
    /// TCA's wrappers of a child feature's actions in its parent's Action.
    static let childActionWrappers: Set<String> = [
        "PresentationAction", "StackAction", "StackActionOf", "IdentifiedAction", "IdentifiedActionOf",
    ]

    /// The type a TCA wrapper of a child's actions carries, as written: `Alert` of
    /// `PresentationAction<Alert>`, `Path.Action` of `StackActionOf<Path>` (`Path`).
    static func presented(_ written: String) -> String? {
        guard let open = written.firstIndex(of: "<"), written.hasSuffix(">") else { return nil }
        let outer = TypeName.unqualified(String(written[..<open]))
        guard childActionWrappers.contains(outer) else { return nil }
        let inner = written[written.index(after: open)..<written.index(before: written.endIndex)]
        // The last argument is the child's action (`IdentifiedAction<ID, Row.Action>`).
        let last = String(inner.split(separator: ",").last ?? "").filter { $0 != " " }
        return last.isEmpty ? nil : last
    }

    /// An enum each of whose cases carries an action (`case row(Row.Action)`,
    /// `case destination(PresentationAction<Destination.Action>)`, `case alert(AlertAction)`):
    /// once it is not the switching reducer's own Action (whose nested `ViewAction`s are its
    /// own events), the actions of children and of what the feature presents, which their
    /// own reducers handle.
    var carriesOnlyChildActions: Bool {
        kind == .enum && !cases.isEmpty && cases.allSatisfy { enumCase in
            enumCase.associatedValues.contains { Self.isChildAction($0.type) }
        }
    }

    /// Whether a written type is an action of another feature or of something it presents:
    /// `Feature.Action`, an alert's `ConfirmationAction`, or one TCA wraps for a child
    /// (`PresentationAction<…>`, `IdentifiedActionOf<…>`).
    private static func isChildAction(_ written: String) -> Bool {
        let outer = TypeName.unqualified(String(written.prefix { $0 != "<" }))
        if childActionWrappers.contains(outer) { return true }
        // `Entry<Name>.Action` is `Entry.Action` of a generic child.
        var depth = 0
        let bare = String(written.filter { character in
            if character == "<" { depth += 1 } else if character == ">" { depth -= 1; return false }
            return depth == 0
        })
        let base = TypeName.base(bare)
        return base.hasSuffix("Action") && !base.hasPrefix("Self.")
    }
}
