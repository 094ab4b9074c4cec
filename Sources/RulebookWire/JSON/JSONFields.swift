import RulebookCore

/// The members a fast-path decoder reads from one kind of object, named by their keys.
protocol JSONFields: CaseIterable, RawRepresentable<String>, Sendable where AllCases == [Self] {
    /// The keys, built once: `static let table = JSONFieldTable<Self>()`.
    static var table: JSONFieldTable<Self> { get }
}

/// The UTF-8 keys of a ``JSONFields`` type, for matching keys as they stand in the text.
/// The keys lie end to end in one buffer, each found by its length first: a spec's
/// hundred-odd keys are each matched against a table, so the match is a few comparisons
/// and at most one `memcmp`.
struct JSONFieldTable<Field: JSONFields>: Sendable {
    private let fields: [Field]
    /// Every key's bytes, end to end.
    private let text: [UInt8]
    /// Where each key lies in `text` (indexes as in `fields`).
    private let ranges: [Range<Int>]

    init() {
        fields = Field.allCases
        var text: [UInt8] = []
        ranges = fields.map { field in
            let start = text.count
            text += field.rawValue.utf8
            return start..<text.count
        }
        self.text = text
        precondition(fields.count <= UInt64.bitWidth, "a member set is tracked in one UInt64")
    }

    /// The field named `key` with its bit in a set of members, or `nil`.
    func field(_ key: UnsafeBufferPointer<UInt8>) -> (field: Field, bit: UInt64)? {
        text.withUnsafeBufferPointer { text in
            for position in ranges.indices where ranges[position].count == key.count {
                if ByteSearch.equal(UnsafeBufferPointer(rebasing: text[ranges[position]]), key) {
                    return (fields[position], 1 << UInt64(position))
                }
            }
            return nil
        }
    }
}

/// What an object decoder does with members it does not read.
enum UnknownMembers {
    /// Skip them (checked all the same): payloads, as `JSONDecoder` ignores them.
    case ignored
    /// Fail on any but `null`: declared specs, as ``DeclaredSpecDecoder`` rejects unknown keys.
    case nullOnly
}

/// Objects read in one pass, straight into typed values.
extension JSONScanner {
    /// Reads the object after whitespace, calling `read` with each member's field when
    /// `index` is at its value; `read` must read the value. Fails on a repeated key, and
    /// on a key that is not ASCII (which Swift's `String` comparison could equate with
    /// another: left to the Foundation path).
    mutating func object<Field: JSONFields>(
        _: Field.Type, unknown: UnknownMembers, _ read: (inout JSONScanner, Field) throws(ScannerDeclined) -> Void
    ) throws(ScannerDeclined) {
        var seen: UInt64 = 0
        var unknownKeys: [[UInt8]] = []
        _ = try objectMembers { scanner throws(ScannerDeclined) in
            let key = try scanner.asciiKey()
            let match = key.withUnsafeBufferPointer { Field.table.field($0) }
            try scanner.expect(UInt8(ascii: ":"))
            if let (field, bit) = match {
                guard seen & bit == 0 else { throw ScannerDeclined() }
                seen |= bit
                try read(&scanner, field)
                return
            }
            let name = key.bytes
            guard !unknownKeys.contains(name) else { throw ScannerDeclined() }
            unknownKeys.append(name)
            switch unknown {
            case .ignored: _ = try scanner.skip(uniqueKeys: true)
            case .nullOnly: guard try scanner.null() else { throw ScannerDeclined() }
            }
        }
    }

    /// The key at `index` (its opening quote), escapes resolved; fails unless it is ASCII.
    private mutating func asciiKey() throws(ScannerDeclined) -> JSONKey {
        let start = index + 1
        // Plain ASCII text, eight bytes at a time; the loop below decides on what stopped it.
        var end = PlainTextRun.end(in: bytes, from: start)
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                index = end + 1
                return .plain(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            }
            guard byte >= 0x20, byte < 0x80 else { throw ScannerDeclined() }
            if byte == UInt8(ascii: "\\") { break }
            end += 1
        }
        let text = try string()
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { throw ScannerDeclined() }
        return .escaped(Array(text.utf8))
    }

    /// An array of values each read by `element` (`null` elements fail, as the element
    /// reads do: arrays of non-optional values).
    mutating func array<T>(_ element: (inout JSONScanner) throws(ScannerDeclined) -> T) throws(ScannerDeclined) -> [T] {
        var result: [T] = []
        _ = try arrayElements { scanner throws(ScannerDeclined) in
            // Doubling from one element took six allocations for a spec's 20-odd cases or
            // properties; most arrays hold a few elements or a few dozen: 4, then 32.
            if result.count == result.capacity { result.reserveCapacity(result.isEmpty ? 4 : max(32, 2 * result.capacity)) }
            result.append(try element(&scanner))
        }
        return result
    }

    /// `nil` for `null` (which `decodeIfPresent` treats as absent), else what `read` reads.
    mutating func optional<T>(_ read: (inout JSONScanner) throws(ScannerDeclined) -> T) throws(ScannerDeclined) -> T? {
        try null() ? nil : read(&self)
    }

    /// An array of values each read by `element`, or `nil` for `null`.
    mutating func optionalArray<T>(_ element: (inout JSONScanner) throws(ScannerDeclined) -> T) throws(ScannerDeclined) -> [T]? {
        try null() ? nil : array(element)
    }

    /// The string, or `nil` for `null`.
    mutating func optionalString() throws(ScannerDeclined) -> String? { try null() ? nil : string() }

    /// The integer, or `nil` for `null`.
    mutating func optionalInt() throws(ScannerDeclined) -> Int? { try null() ? nil : int() }

    /// The Boolean, or `nil` for `null`.
    mutating func optionalBool() throws(ScannerDeclined) -> Bool? { try null() ? nil : bool() }

    /// An array of strings.
    mutating func strings() throws(ScannerDeclined) -> [String] {
        try array { scanner throws(ScannerDeclined) in try scanner.string() }
    }

    /// An array of strings, or `nil` for `null`.
    mutating func optionalStrings() throws(ScannerDeclined) -> [String]? { try null() ? nil : strings() }

    /// An object whose members' values `value` reads, by key (a map such as `[String: String]`).
    /// Fails on a repeated key, keys compared as Swift's `String` compares them (two spellings
    /// of `é` are one key): what `JSONDecoder` would make of those is left to it.
    mutating func map<Value>(_ value: (inout JSONScanner) throws(ScannerDeclined) -> Value) throws(ScannerDeclined) -> [String: Value] {
        var result: [String: Value] = [:]
        _ = try objectMembers { scanner throws(ScannerDeclined) in
            let key = try scanner.string()
            try scanner.expect(UInt8(ascii: ":"))
            guard result[key] == nil else { throw ScannerDeclined() }
            result[key] = try value(&scanner)
        }
        return result
    }

    /// The string as a value of `T`; fails on any other string.
    mutating func enumeration<T: RawRepresentable<String>>(_: T.Type = T.self) throws(ScannerDeclined) -> T {
        guard let value = T(rawValue: try string()) else { throw ScannerDeclined() }
        return value
    }

    /// The string as a value of `T`, or `nil` for `null`; fails on any other string.
    mutating func optionalEnumeration<T: RawRepresentable<String>>(_: T.Type = T.self) throws(ScannerDeclined) -> T? {
        try null() ? nil : enumeration(T.self)
    }
}

/// A key as ``JSONScanner`` reads it: the text itself when it holds no escape.
private enum JSONKey {
    case plain(UnsafeBufferPointer<UInt8>)
    case escaped([UInt8])

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch self {
        case .plain(let bytes): body(bytes)
        case .escaped(let bytes): bytes.withUnsafeBufferPointer(body)
        }
    }

    /// The key's text, copied.
    var bytes: [UInt8] {
        switch self {
        case .plain(let bytes): Array(bytes)
        case .escaped(let bytes): bytes
        }
    }
}
