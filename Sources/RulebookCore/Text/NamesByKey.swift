/// Names of several kinds, each filed under the name a text uses for it (`Flag.Output` under
/// `Flag`), all in one dictionary: a spec asks for the ones its text mentions at the cost of
/// the smaller of its identifiers and the keys, once for every kind rather than once per
/// kind. Every spec of a run asks it.
struct NamesByKey<Kind: Hashable & Sendable>: Sendable {
    private var namesByKey: [String: [Filed]] = [:]

    private struct Filed: Sendable {
        var kind: Kind
        var name: String
    }

    init() {}

    /// Files each of `names` as `kind` under `key(name)`.
    mutating func file<Names: Sequence<String>>(_ names: Names, as kind: Kind, key: (String) -> String) {
        for name in names { namesByKey[key(name), default: []].append(Filed(kind: kind, name: name)) }
    }

    /// The names whose key `mentioned` holds, by kind, each kind's in no particular order.
    func mentioned(in mentioned: MentionedNames) -> [Kind: [String]] {
        let found: [Filed]
        if mentioned.count < namesByKey.count {
            found = mentioned.flatMap { namesByKey[$0] ?? [] }
        } else {
            found = namesByKey.flatMap { key, filed in mentioned.contains(key) ? filed : [] }
        }
        var byKind: [Kind: [String]] = [:]
        for filed in found { byKind[filed.kind, default: []].append(filed.name) }
        return byKind
    }
}
