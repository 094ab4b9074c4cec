/// What members of the project's types do (the call that touches the world, the log they
/// write), by ``MemberKey`` text, filed so that each spec is told only of the members it can
/// use: one whose type and name its text mentions (``ProjectIndex``; every spec of a run asks).
struct MentionableMembers: Sendable {
    private let facts: [String: String]
    /// The keys, filed under the outermost name of their type (`Outer` for `Outer.Storage.save`).
    private let keys: NamesByKey
    /// The member name of each key (`save` for `Outer.Storage.save(_:)`), read once.
    private let names: [String: String]

    init(_ facts: [String: String] = [:]) {
        self.facts = facts
        keys = NamesByKey(facts.keys, key: { String($0.prefix { $0 != "." }) })
        names = Dictionary(uniqueKeysWithValues: facts.keys.map { ($0, MemberKey($0).name) })
    }

    /// The members whose type and name `mentioned` holds, with what they do; with
    /// `initializersByTypeName`, an initializer is mentioned by its type's name alone (it is
    /// called as `Draft(…)`).
    func mentioned(in mentioned: MentionedNames, initializersByTypeName: Bool) -> [String: String] {
        let usable = keys.mentioned(in: mentioned).filter { key in
            let member = names[key, default: ""]
            return (initializersByTypeName && member == "init") || mentioned.contains(member)
        }
        return Dictionary(uniqueKeysWithValues: usable.map { ($0, facts[$0, default: ""]) })
    }
}
