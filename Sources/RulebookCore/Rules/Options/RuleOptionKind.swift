/// The values a rule option takes, declared once in its ``RuleOptionDescription``: the YAML
/// parser, the validation of every configuration (`.rulebook.yml`, events, MCP calls), the
/// configuration schemas and the docs all read it.
public enum RuleOptionKind: Hashable, Sendable {
    /// A string or a list of strings (names, suffixes, modules); a configured list replaces
    /// the default list.
    case strings
    /// One of `values`.
    case choice([String])
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// `true` or `false`.
    case boolean
    /// A version: one to three numbers separated by dots (`17`, `17.4`, `26.0.1`).
    case version

    /// What the option takes, in words (errors and docs).
    public var expected: String {
        switch self {
        case .strings: "a string or a list of strings"
        case .choice(let values): "one of " + values.joined(separator: ", ")
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .boolean: "true or false"
        case .version: "a version in quotes such as \"17\" or \"17.4\""
        }
    }

    /// `value` in this kind's form (a lone string is a list of one), or `nil` when it is not
    /// one of its values.
    public func canonical(_ value: FlatJSONValue) -> FlatJSONValue? {
        switch (self, value) {
        case (.strings, .strings): value
        case (.strings, .string(let text)): .strings([text])
        case (.choice(let values), .string(let text)): values.contains(text) ? value : nil
        case (.version, .string(let text)): Self.isVersion(text) ? value : nil
        case (.integer(let range), .integer(let number)): range.contains(number) ? value : nil
        case (.boolean, .boolean): value
        default: nil
        }
    }

    /// The value YAML gave (what the loader makes of it: strings, whole and decimal numbers,
    /// booleans, lists), in this kind's form; `nil` when it is not one of its values. A
    /// version is a string, as in every other form of the configuration: YAML reads `17.10`
    /// unquoted as the number 17.1.
    public func value(fromYAML value: Any) -> FlatJSONValue? {
        switch value {
        case let flag as Bool: return canonical(.boolean(flag))
        case let number as Int: return canonical(.integer(number))
        case let text as String: return canonical(.string(text))
        case let list as [Any]:
            let texts = list.compactMap { $0 as? String }
            return texts.count == list.count ? canonical(.strings(texts)) : nil
        default: return nil
        }
    }

    /// The JSON Schema of a value: what `schemas/config.schema.json`, the events' and the MCP
    /// tools' configurations say the option takes; `default` is the option's.
    public func schema(default value: FlatJSONValue?) -> RuleOptionSchema {
        var schema = RuleOptionSchema()
        switch self {
        case .strings: schema.oneOf = [RuleOptionSchema(type: "string"), RuleOptionSchema(type: "array", items: .init(type: "string"))]
        case .choice(let values): (schema.type, schema.enum) = ("string", values)
        case .integer(let range): (schema.type, schema.minimum, schema.maximum) = ("integer", range.lowerBound, range.upperBound)
        case .boolean: schema.type = "boolean"
        case .version: (schema.type, schema.pattern) = ("string", Self.versionPattern)
        }
        schema.default = value
        return schema
    }

    /// One to three numbers separated by dots.
    static let versionPattern = "^[0-9]+(\\.[0-9]+){0,2}$"

    static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...3).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }
}

/// The JSON Schema of an option's value (``RuleOptionKind/schema(default:)``).
public struct RuleOptionSchema: Codable, Hashable, Sendable {
    /// The items of a list.
    public struct Items: Codable, Hashable, Sendable {
        public var type: String
    }

    public var type: String?
    public var `enum`: [String]?
    public var minimum: Int?
    public var maximum: Int?
    public var pattern: String?
    public var items: Items?
    public var oneOf: [RuleOptionSchema]?
    public var `default`: FlatJSONValue?

    init(type: String? = nil, items: Items? = nil) {
        self.type = type
        self.items = items
    }
}
