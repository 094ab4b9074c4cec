/// Typed reads from a parsed JSON object, failing the fast path on anything the Codable
/// path would not decode the same way (a missing required member, a wrong type, `null`
/// where a value is required). Strict readers also fail on a non-null member they were
/// never asked for, as ``DeclaredSpecDecoder`` rejects unknown keys.
struct JSONObjectReader {
    private let members: [JSONMember]

    init(_ value: JSONValue) throws(FastPathUnavailable) {
        guard case .object(let members) = value else { throw FastPathUnavailable() }
        self.members = members
    }

    init(members: [JSONMember]) {
        self.members = members
    }

    /// Fails when a member outside `known` holds anything but `null`.
    func allowOnly(_ known: [String]) throws(FastPathUnavailable) {
        for member in members where !known.contains(where: member.hasKey) {
            guard case .null = member.value else { throw FastPathUnavailable() }
        }
    }

    /// The member's value as written (`.null` included); `nil` when absent.
    func member(_ key: String) -> JSONValue? {
        members.first(where: { $0.hasKey(key) })?.value
    }

    /// The member's value; `nil` when absent or `null` (what `decodeIfPresent` treats as absent).
    func optional(_ key: String) -> JSONValue? {
        guard let value = member(key) else { return nil }
        if case .null = value { return nil }
        return value
    }

    func required(_ key: String) throws(FastPathUnavailable) -> JSONValue {
        guard let value = optional(key) else { throw FastPathUnavailable() }
        return value
    }

    func string(_ key: String) throws(FastPathUnavailable) -> String { try Self.string(required(key)) }

    func optionalString(_ key: String) throws(FastPathUnavailable) -> String? { try optional(key).map(Self.string) }

    func int(_ key: String) throws(FastPathUnavailable) -> Int { try Self.int(required(key)) }

    func optionalInt(_ key: String) throws(FastPathUnavailable) -> Int? { try optional(key).map(Self.int) }

    func bool(_ key: String) throws(FastPathUnavailable) -> Bool { try Self.bool(required(key)) }

    func optionalBool(_ key: String) throws(FastPathUnavailable) -> Bool? { try optional(key).map(Self.bool) }

    func strings(_ key: String) throws(FastPathUnavailable) -> [String] { try Self.array(required(key), Self.string) }

    func optionalStrings(_ key: String) throws(FastPathUnavailable) -> [String]? {
        try optional(key).map { value throws(FastPathUnavailable) in try Self.array(value, Self.string) }
    }

    func enumeration<T: RawRepresentable<String>>(_ key: String, _: T.Type = T.self) throws(FastPathUnavailable) -> T {
        guard let value = T(rawValue: try string(key)) else { throw FastPathUnavailable() }
        return value
    }

    func optionalEnumeration<T: RawRepresentable<String>>(_ key: String, _: T.Type = T.self) throws(FastPathUnavailable) -> T? {
        guard let raw = try optionalString(key) else { return nil }
        guard let value = T(rawValue: raw) else { throw FastPathUnavailable() }
        return value
    }

    /// A required array of objects, each read by `element`.
    func objects<T>(_ key: String, _ element: (JSONValue) throws(FastPathUnavailable) -> T) throws(FastPathUnavailable) -> [T] {
        try Self.array(required(key), element)
    }

    /// An optional array of objects, each read by `element`.
    func optionalObjects<T>(
        _ key: String, _ element: (JSONValue) throws(FastPathUnavailable) -> T
    ) throws(FastPathUnavailable) -> [T]? {
        guard let value = optional(key) else { return nil }
        return try Self.array(value, element)
    }

    static func string(_ value: JSONValue) throws(FastPathUnavailable) -> String {
        guard case .string(let text) = value else { throw FastPathUnavailable() }
        return text
    }

    static func int(_ value: JSONValue) throws(FastPathUnavailable) -> Int {
        guard case .int(let number) = value else { throw FastPathUnavailable() }
        return number
    }

    static func bool(_ value: JSONValue) throws(FastPathUnavailable) -> Bool {
        guard case .bool(let flag) = value else { throw FastPathUnavailable() }
        return flag
    }

    /// An array whose elements are all read by `element` (`null` elements fail: arrays of
    /// non-optional values).
    static func array<T>(_ value: JSONValue, _ element: (JSONValue) throws(FastPathUnavailable) -> T) throws(FastPathUnavailable) -> [T] {
        guard case .array(let elements) = value else { throw FastPathUnavailable() }
        var result: [T] = []
        result.reserveCapacity(elements.count)
        for item in elements { result.append(try element(item)) }
        return result
    }
}
