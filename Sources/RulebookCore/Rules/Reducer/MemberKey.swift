/// A member of a project type as ``MemberEffects`` files it: `Type.name` for a property,
/// `Type.name(label:other?:_:)` for a method or an initializer (`Type.init(…)`), each
/// parameter's label (`_` for none) with `?` when it may be left out (a default, or variadic). Overloads are apart:
/// `TXCalendarDate.init()` may read the clock while `TXCalendarDate.init(year:month:day?:)`
/// does not. A use is looked up by its base (`Type.name`) and, for a call, its argument labels.
public struct MemberKey: Hashable, Sendable {
    public struct Parameter: Hashable, Sendable {
        public var label: String
        public var hasDefault: Bool

        public init(label: String, hasDefault: Bool) {
            self.label = label
            self.hasDefault = hasDefault
        }
    }

    /// `Type.name`.
    public var base: String
    /// The parameters of a method or initializer; `nil` for a property.
    public var parameters: [Parameter]?

    public init(base: String, parameters: [Parameter]?) {
        self.base = base
        self.parameters = parameters
    }

    /// The member's type (`Outer.Storage` of `Outer.Storage.save`).
    public var type: String { Self.type(ofBase: base) }

    /// The member's name (`save` of `Outer.Storage.save`).
    public var name: String { base.lastIndex(of: ".").map { String(base[base.index(after: $0)...]) } ?? base }

    /// The type of a base (`Type.name`): all but its last component.
    public static func type(ofBase base: String) -> String {
        base.lastIndex(of: ".").map { String(base[..<$0]) } ?? ""
    }

    /// The key as text: `Type.name` or `Type.name(label:other?:)`.
    public var text: String {
        guard let parameters else { return base }
        return base + "(" + parameters.map { $0.label + ($0.hasDefault ? "?" : "") + ":" }.joined() + ")"
    }

    /// The key `text` spells.
    public init(_ text: String) {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else {
            self.init(base: text, parameters: nil)
            return
        }
        let list = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let parameters = list.split(separator: ":").map { part in
            Parameter(label: String(part.hasSuffix("?") ? part.dropLast() : part), hasDefault: part.hasSuffix("?"))
        }
        self.init(base: String(text[..<open]), parameters: parameters)
    }

    /// Whether a use with argument `labels` (`nil`: not a call, a property read or written)
    /// reaches this member: a property by a plain use, a function by a call whose labels
    /// name its parameters in order, those left out having defaults.
    public func accepts(labels: [String]?) -> Bool {
        guard let parameters else { return labels == nil }
        guard let labels else { return false }
        var index = 0
        for label in labels {
            while index < parameters.count, parameters[index].label != label {
                guard parameters[index].hasDefault else { return false }
                index += 1
            }
            guard index < parameters.count else { return false }
            index += 1
        }
        return parameters[index...].allSatisfy(\.hasDefault)
    }
}

/// Effects of members by key, looked up by use (``MemberKey/accepts(labels:)``).
public struct MemberEffectIndex: Sendable {
    private var byBase: [String: [(key: MemberKey, effect: String)]] = [:]

    /// `effects` by ``MemberKey/text``.
    public init(_ effects: [String: String]) {
        for (text, effect) in effects.sorted(by: { $0.key < $1.key }) {
            let key = MemberKey(text)
            byBase[key.base, default: []].append((key, effect))
        }
    }

    /// Whether no member touches the world.
    public var isEmpty: Bool { byBase.isEmpty }

    /// What the member of `base` that a use with `labels` reaches does, if it touches the world.
    public func effect(of base: String, labels: [String]?) -> String? {
        byBase[base]?.first { $0.key.accepts(labels: labels) }?.effect
    }
}
