/// Names filed under the name a text uses for them (`Flag.Output` under `Flag`), so that a
/// spec asks for the ones its text mentions at the cost of the smaller of the two sets, not
/// of every name the project knows: every spec of a run asks it.
struct NamesByKey: Sendable {
    private var namesByKey: [String: [String]] = [:]

    /// `names`, each filed under `key(name)`.
    init<Names: Sequence<String>>(_ names: Names, key: (String) -> String) {
        for name in names { namesByKey[key(name), default: []].append(name) }
    }

    /// The names whose key `mentioned` holds, in no particular order.
    func mentioned(in mentioned: MentionedNames) -> [String] {
        guard mentioned.count < namesByKey.count else {
            return namesByKey.flatMap { key, names in mentioned.contains(key) ? names : [] }
        }
        return mentioned.flatMap { namesByKey[$0] ?? [] }
    }
}
