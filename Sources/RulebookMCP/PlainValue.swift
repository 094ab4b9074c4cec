import Foundation
import MCP

/// JSON decoded into the SDK's `Value` as it is. `Value`'s own decoding tests every string
/// against a data-URL pattern, building a regular expression each time; for the server's
/// answers, whose strings are never data URLs, that was most of a call's cost.
struct PlainValue: Decodable {
    let value: Value

    init(from decoder: any Decoder) throws {
        // Every type tried and not found throws an error that works out its coding path: the
        // commonest kinds of a plan or an answer come first (strings, then objects, arrays).
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let string = try? container.decode(String.self) {
            value = .string(string)
        } else if let object = try? container.decode([String: PlainValue].self) {
            value = .object(object.mapValues(\.value))
        } else if let array = try? container.decode([PlainValue].self) {
            value = .array(array.map(\.value))
        } else if let bool = try? container.decode(Bool.self) {
            value = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            value = .int(int)
        } else {
            value = .double(try container.decode(Double.self))
        }
    }

    /// `json` as a `Value`.
    static func decode(_ json: Data) throws -> Value {
        try JSONDecoder().decode(PlainValue.self, from: json).value
    }
}
