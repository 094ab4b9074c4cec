import RulebookCore

/// The spec's types by qualified name, with the member aliases that stand for some of them
/// (`typealias Action = PayLoginAction` in `struct PayLogin`, the action enum declared beside
/// the reducer), looked up as Swift looks a name up: from a scope outwards.
struct NamedTypes {
    /// The spec's types by qualified name (the first declaration of a name wins).
    let byName: [String: TypeDecl]
    /// Member aliases by qualified name (`PayLogin.Action`), with the type as written.
    private let aliases: [String: String]
    /// An alias of an alias is followed this many times, no more (a cycle ends there).
    private static let maximumHops = 4

    init(_ types: [TypeDecl], aliases: [String: String]) {
        var byName: [String: TypeDecl] = [:]
        for type in types { byName[type.qualifiedName] = byName[type.qualifiedName] ?? type }
        self.byName = byName
        self.aliases = aliases
    }

    /// The type that `name`, written in `scope`, stands for through a member alias of that
    /// scope or of one around it; `nil` when no alias of that name is in reach or its type is
    /// not the spec's.
    func throughAlias(_ name: String, from scope: String) -> TypeDecl? {
        guard !aliases.isEmpty else { return nil }
        for current in TypeName.scopes(outwardFrom: scope) {
            let qualified = current.isEmpty ? name : "\(current).\(name)"
            if let target = aliases[qualified] { return type(written: target, in: current, hops: 0) }
        }
        return nil
    }

    /// `reducer` with its Action type as Swift resolves it, where a name alone does not say:
    /// the Action its type has by inference (`inferred`, by the type's qualified name) for a
    /// reducer that writes none, else the enum an alias makes the type it writes (`Action`
    /// when it writes none). The rules then read the switch against the cases Swift does.
    func withActionTypeResolved(_ reducer: ReducerFacts, inferred: [String: String] = [:]) -> ReducerFacts {
        guard let owner = reducer.ownerType else { return reducer }
        var written = reducer.actionType ?? "Action"
        if written.hasPrefix("Self.") { written.removeFirst("Self.".count) }
        var resolved = reducer
        if written == "Action", let action = inferred[owner] {
            resolved.actionType = action
            return resolved
        }
        guard !aliases.isEmpty, type(written: written, in: owner, hops: Self.maximumHops) == nil,
            let found = throughAlias(written, from: owner), found.kind == .enum
        else { return reducer }
        resolved.actionType = found.qualifiedName
        return resolved
    }

    /// The type `written` names from `scope`: declared there or around it, or named by an alias
    /// there (up to ``maximumHops`` aliases deep).
    func type(written: String, in scope: String, hops: Int = 0) -> TypeDecl? {
        var name = written
        if name.hasPrefix("Self.") { name.removeFirst("Self.".count) }
        for current in TypeName.scopes(outwardFrom: scope) {
            let qualified = current.isEmpty ? name : "\(current).\(name)"
            if let found = byName[qualified], found.kind != .protocol { return found }
            if hops < Self.maximumHops, let target = aliases[qualified] {
                return type(written: target, in: current, hops: hops + 1)
            }
        }
        return nil
    }
}
