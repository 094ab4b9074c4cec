/// Configured option values of one rule, by option key. Encoded as a plain JSON object
/// (`{"generic_names": ["set", "update"], "report": "always"}`); each value is checked
/// against its option's kind by ``RuleConfiguration/validate()`` before a rule reads it.
public struct RuleOptions: Codable, Hashable, Sendable {
    public var values: [String: FlatJSONValue]

    public init(_ values: [String: FlatJSONValue] = [:]) {
        self.values = values
    }

    public init(from decoder: any Decoder) throws {
        values = try decoder.singleValueContainer().decode([String: FlatJSONValue].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }

    /// The configured list for `key` (a lone string is a list of one), or `defaults`.
    public func list(_ key: String, default defaults: [String]) -> [String] {
        switch values[key] {
        case .strings(let list)?: list
        case .string(let text)?: [text]
        default: defaults
        }
    }

    /// The configured list for `key` as prefixes or suffixes to test names against, or `defaults`.
    public func affixes(_ key: String, default defaults: [String]) -> AffixList {
        AffixList(list(key, default: defaults))
    }

    /// The configured list for `key` as a set of words, or `defaults`.
    public func words(_ key: String, default defaults: Set<String>) -> WordSet {
        WordSet(values[key] == nil ? Array(defaults) : list(key, default: []))
    }

    /// The configured string of a choice or version option `key`, or `defaultValue`.
    public func string(_ key: String, default defaultValue: String?) -> String? {
        if case .string(let text)? = values[key] { return text }
        return defaultValue
    }

    /// The configured whole number `key`, or `defaultValue`.
    public func integer(_ key: String, default defaultValue: Int) -> Int {
        if case .integer(let number)? = values[key] { return number }
        return defaultValue
    }

    /// The configured boolean `key`, or `defaultValue`.
    public func boolean(_ key: String, default defaultValue: Bool) -> Bool {
        if case .boolean(let flag)? = values[key] { return flag }
        return defaultValue
    }
}

/// An option a rule accepts in `.rulebook.yml`: its key, what it controls, what it takes
/// and its default, declared once; parsing, validation, schemas and docs derive from it.
public struct RuleOptionDescription: Sendable, Hashable {
    /// The key (`generic_names`).
    public var key: String
    /// What it controls.
    public var summary: String
    /// What values it takes.
    public var kind: RuleOptionKind
    /// Its value when none is configured (`nil`: none, the rule works it out).
    public var defaultValue: FlatJSONValue?

    /// A list-of-strings option with its default list.
    public init(key: String, summary: String, defaults: [String]) {
        self.init(key: key, summary: summary, kind: .strings, default: .strings(defaults))
    }

    public init(key: String, summary: String, kind: RuleOptionKind, default defaultValue: FlatJSONValue?) {
        self.key = key
        self.summary = summary
        self.kind = kind
        self.defaultValue = defaultValue
    }

    /// The default as the docs list it.
    public var defaults: [String] {
        switch defaultValue {
        case .strings(let list)?: list
        case let value?: [value.text]
        case nil: []
        }
    }
}
