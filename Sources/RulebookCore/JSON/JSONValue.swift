/// A JSON value parsed by ``FastJSONParser``: the fast path of ``EventCodec``.
enum JSONValue {
    case null
    case bool(Bool)
    /// An integer written plainly (`-12`); other numbers are not on the fast path.
    case int(Int)
    case string(String)
    case array([JSONValue])
    /// Members in document order; keys are unique.
    case object([JSONMember])
}

/// A member of a parsed JSON object. (A struct, not a tuple: arrays of tuples are destroyed
/// through generic runtime metadata, several times slower.)
struct JSONMember {
    let key: String
    let value: JSONValue

    /// Whether the member is `name`: lengths first, so most other keys cost no string compare.
    func hasKey(_ name: String) -> Bool {
        key.utf8.count == name.utf8.count && key == name
    }
}

/// A member of an object read by ``FastJSONParser/skim(_:levels:maxDepth:)``.
struct SkimmedMember {
    let key: String
    let value: SkimmedValue
}

/// A value as ``FastJSONParser/skim(_:levels:maxDepth:)`` reads it.
enum SkimmedValue {
    case string(String)
    /// An object within the levels read.
    case object([SkimmedMember])
    /// A deeper object, checked but not read, with its member count.
    case skippedObject(Int)
    /// An array, checked but not read, with its element count.
    case array(count: Int)
    case null
    /// A number or a Boolean.
    case other
}

/// Why the fast path gave up; the Foundation path then decides (and names the error).
struct FastPathUnavailable: Error {}

/// A strict JSON parser for the hot messages. It accepts a subset of what Foundation
/// accepts — an object at the top level, unique keys, nesting within the codec's limit,
/// integers of at most 18 digits without fraction or exponent, valid UTF-8 — and gives up
/// on anything else, so it never accepts a message the Foundation path would reject.
struct FastJSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private let maxDepth: Int

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// The members of the top-level object of `bytes`.
    static func object(_ bytes: [UInt8], maxDepth: Int) throws(FastPathUnavailable) -> [JSONMember] {
        guard case .object(let members) = try document(bytes, maxDepth: maxDepth, { parser throws(FastPathUnavailable) in try parser.value() })
        else { throw FastPathUnavailable() }
        return members
    }

    /// The members of the top-level object of `bytes`, read `levels` objects deep (strings
    /// read, deeper values and arrays only checked: as strictly as ``object(_:maxDepth:)``
    /// except that keys of unread objects may repeat), without building the rest.
    static func skim(_ bytes: [UInt8], levels: Int, maxDepth: Int) throws(FastPathUnavailable) -> [SkimmedMember] {
        try document(bytes, maxDepth: maxDepth) { parser throws(FastPathUnavailable) in try parser.skimObject(levels: levels) }
    }

    /// `read` applied to `bytes`, which must hold one object and nothing else but whitespace.
    private static func document<T>(
        _ bytes: [UInt8], maxDepth: Int, _ read: (inout FastJSONParser) throws(FastPathUnavailable) -> T
    ) throws(FastPathUnavailable) -> T {
        let result: Result<T, FastPathUnavailable> = bytes.withUnsafeBufferPointer { buffer in
            var parser = FastJSONParser(bytes: buffer, maxDepth: maxDepth)
            do throws(FastPathUnavailable) {
                parser.skipWhitespace()
                guard parser.peek == UInt8(ascii: "{") else { throw FastPathUnavailable() }
                let value = try read(&parser)
                parser.skipWhitespace()
                guard parser.index == buffer.count else { throw FastPathUnavailable() }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Reads the object or array at the current byte (`{` or `[`): `element` reads each
    /// member's value (after its key, read when `keys` is `true`, else only checked) or
    /// each element. Returns how many there were.
    private mutating func container(
        keys: Bool = true, _ element: (inout FastJSONParser, _ key: String?) throws(FastPathUnavailable) -> Void
    ) throws(FastPathUnavailable) -> Int {
        let close = peek == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        try enter()
        skipWhitespace()
        var count = 0
        if peek == close {
            index += 1
            depth -= 1
            return 0
        }
        while true {
            var key: String?
            if close == UInt8(ascii: "}") {
                skipWhitespace()
                guard peek == UInt8(ascii: "\"") else { throw FastPathUnavailable() }
                if keys { key = try string() } else { try skipString() }
                try expect(UInt8(ascii: ":"))
            }
            try element(&self, key)
            count += 1
            skipWhitespace()
            guard let next = peek else { throw FastPathUnavailable() }
            index += 1
            if next == close { break }
            guard next == UInt8(ascii: ",") else { throw FastPathUnavailable() }
        }
        depth -= 1
        return count
    }

    private mutating func skimObject(levels: Int) throws(FastPathUnavailable) -> [SkimmedMember] {
        var members: [SkimmedMember] = []
        _ = try container { parser, key throws(FastPathUnavailable) in
            guard let key, !members.contains(where: { $0.key == key }) else { throw FastPathUnavailable() }
            parser.skipWhitespace()
            let value: SkimmedValue
            switch parser.peek {
            case UInt8(ascii: "\""): value = .string(try parser.string())
            case UInt8(ascii: "{"): value = levels > 1 ? .object(try parser.skimObject(levels: levels - 1)) : .skippedObject(try parser.skip())
            case UInt8(ascii: "["): value = .array(count: try parser.skip())
            case UInt8(ascii: "n"):
                try parser.literal("null")
                value = .null
            default:
                _ = try parser.skip()
                value = .other
            }
            members.append(SkimmedMember(key: key, value: value))
        }
        return members
    }

    /// Checks one value without building it; returns the members or elements of an object
    /// or array (0 for other values).
    private mutating func skip() throws(FastPathUnavailable) -> Int {
        skipWhitespace()
        guard let byte = peek else { throw FastPathUnavailable() }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return try container(keys: false) { parser, _ throws(FastPathUnavailable) in _ = try parser.skip() }
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try integer()
        }
        return 0
    }

    /// Checks a string as ``string()`` reads it, building it only when it holds escapes or
    /// non-ASCII text (which need the full check).
    private mutating func skipString() throws(FastPathUnavailable) {
        let start = index
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return
            }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else {
                index = start
                _ = try string()
                return
            }
            index += 1
        }
        throw FastPathUnavailable()
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws(FastPathUnavailable) {
        skipWhitespace()
        guard peek == byte else { throw FastPathUnavailable() }
        index += 1
    }

    private mutating func value() throws(FastPathUnavailable) -> JSONValue {
        skipWhitespace()
        guard let byte = peek else { throw FastPathUnavailable() }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .int(try integer())
        }
    }

    private mutating func literal(_ word: StaticString) throws(FastPathUnavailable) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw FastPathUnavailable() }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw FastPathUnavailable() }
        index += count
    }

    private mutating func enter() throws(FastPathUnavailable) {
        depth += 1
        guard depth <= maxDepth else { throw FastPathUnavailable() }
        index += 1
    }

    private mutating func object() throws(FastPathUnavailable) -> JSONValue {
        var members: [JSONMember] = []
        _ = try container { parser, key throws(FastPathUnavailable) in
            // Parsers disagree on repeated keys: leave them to the Foundation path.
            guard let key, !members.contains(where: { $0.hasKey(key) }) else { throw FastPathUnavailable() }
            members.append(JSONMember(key: key, value: try parser.value()))
        }
        return .object(members)
    }

    private mutating func array() throws(FastPathUnavailable) -> JSONValue {
        var elements: [JSONValue] = []
        _ = try container { parser, _ throws(FastPathUnavailable) in elements.append(try parser.value()) }
        return .array(elements)
    }

    private mutating func integer() throws(FastPathUnavailable) -> Int {
        var negative = false
        if peek == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let start = index
        var value = 0
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            // A 19th digit could overflow `Int` (a trap): not on the fast path.
            guard index - start < 18 else { throw FastPathUnavailable() }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            index += 1
        }
        let digits = index - start
        guard digits >= 1, digits <= 18, digits == 1 || bytes[start] != UInt8(ascii: "0"), !(negative && value == 0) else {
            throw FastPathUnavailable()
        }
        // A fraction or an exponent: not a plain integer.
        if let byte = peek, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            throw FastPathUnavailable()
        }
        return negative ? -value : value
    }

    private mutating func string() throws(FastPathUnavailable) -> String {
        index += 1
        let start = index
        var ascii = true
        // Fast scan: no escapes, no control characters.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let utf8 = UnsafeBufferPointer(rebasing: bytes[start..<index])
                // ASCII is valid UTF-8: only other text needs validating.
                let text = ascii ? String(decoding: utf8, as: UTF8.self) : String(validating: utf8, as: UTF8.self)
                index += 1
                guard let text else { throw FastPathUnavailable() }
                return text
            }
            ascii = ascii && byte < 0x80
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw FastPathUnavailable() }
            index += 1
        }
        return try escapedString(from: start)
    }

    private mutating func escapedString(from start: Int) throws(FastPathUnavailable) -> String {
        var scalars: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: scalars, as: UTF8.self) else { throw FastPathUnavailable() }
                return text
            case UInt8(ascii: "\\"):
                guard let escape = peek else { throw FastPathUnavailable() }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    let unit = try hex4()
                    // Surrogate pairs are left to the Foundation path.
                    guard let scalar = Unicode.Scalar(unit) else { throw FastPathUnavailable() }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw FastPathUnavailable()
                }
            default:
                guard byte >= 0x20 else { throw FastPathUnavailable() }
                scalars.append(byte)
            }
        }
        throw FastPathUnavailable()
    }

    private mutating func hex4() throws(FastPathUnavailable) -> UInt32 {
        guard index + 4 <= bytes.count else { throw FastPathUnavailable() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw FastPathUnavailable()
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }
}
