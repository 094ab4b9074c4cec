/// A JSON value without objects: a list of strings, a string, a whole number or a boolean.
/// What a rule option is configured with (which of them an option takes is its
/// ``RuleOptionKind``) and what a fix puts into a declared spec (``JSONPatchOperation``).
public enum FlatJSONValue: Codable, Hashable, Sendable {
    case strings([String])
    case string(String)
    case integer(Int)
    case boolean(Bool)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            self = .strings(try container.decode([String].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .strings(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .boolean(let value): try container.encode(value)
        }
    }

    /// How it reads in messages and docs (`[set, update]`, `always`, `5`, `true`).
    public var text: String {
        switch self {
        case .strings(let values): "[" + values.joined(separator: ", ") + "]"
        case .string(let value): value
        case .integer(let value): String(value)
        case .boolean(let value): String(value)
        }
    }
}

extension FlatJSONValue: ExpressibleByArrayLiteral, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(arrayLiteral elements: String...) { self = .strings(elements) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
}
