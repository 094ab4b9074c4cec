/// What members of the project's types do (the call that touches the world, the log they
/// write), by ``MemberKey`` text, so that each spec is told only of the members it can use:
/// one whose type and name its text mentions (``ProjectIndex``; every spec of a run asks).
/// The keys are filed with the project's other names (``NamesByKey``) under the outermost
/// name of their type (`Outer` for `Outer.Storage.save`); a spec hands back the ones its
/// text mentions.
struct MentionableMembers: Sendable {
    private let facts: [String: String]
    /// The member name of each key (`save` for `Outer.Storage.save(_:)`), read once.
    private let names: [String: String]

    init(_ facts: [String: String] = [:]) {
        self.facts = facts
        names = Dictionary(uniqueKeysWithValues: facts.keys.map { ($0, MemberKey($0).name) })
    }

    /// The keys, to file under the outermost name of their type.
    var keys: Dictionary<String, String>.Keys { facts.keys }

    /// The members among `candidates` (keys whose type's outermost name the spec mentions) whose name
    /// `mentioned` holds too, with what they do; with `initializersByTypeName`, an initializer
    /// is mentioned by its type's name alone (it is called as `Draft(…)`).
    func mentioned(_ candidates: [String], in mentioned: MentionedNames, initializersByTypeName: Bool) -> [String: String] {
        let usable = candidates.filter { key in
            let member = names[key, default: ""]
            return (initializersByTypeName && member == "init") || mentioned.contains(member)
        }
        return Dictionary(uniqueKeysWithValues: usable.map { ($0, facts[$0, default: ""]) })
    }
}
