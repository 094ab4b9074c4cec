/// One operation of a JSON Patch (RFC 6902) on a declared spec: `add`, `replace` or `remove`
/// at a JSON pointer (`/types/2/conformances/-`).
public struct JSONPatchOperation: Codable, Hashable, Sendable {
    /// The operations Rulebook's fixes use.
    public enum Operation: String, Codable, Hashable, Sendable {
        case add, replace, remove
    }

    public var op: Operation
    /// JSON pointer (RFC 6901) of the target; `-` as the last token appends to an array.
    public var path: String
    /// The value added or put in place; absent for `remove`.
    public var value: FlatJSONValue?

    public init(op: Operation, path: String, value: FlatJSONValue? = nil) {
        self.op = op
        self.path = path
        self.value = value
    }

    private enum CodingKeys: String, CodingKey { case op, path, value }

    /// Leaves `value` out of a `remove`, as RFC 6902 writes it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(op, forKey: .op)
        try container.encode(path, forKey: .path)
        try container.encodeIfPresent(value, forKey: .value)
    }
}

extension JSONPatchOperation {
    /// Adds `name` to the `conformances` of the declared type at `pointer`: appended to the
    /// list, or as a new list where the type lists none (`empty`).
    public static func adding(_ name: String, toConformancesAt pointer: String, empty: Bool) -> JSONPatchOperation {
        empty
            ? JSONPatchOperation(op: .add, path: pointer + "/conformances", value: .strings([name]))
            : JSONPatchOperation(op: .add, path: pointer + "/conformances/-", value: .string(name))
    }
}
