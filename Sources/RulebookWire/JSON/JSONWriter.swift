import RulebookCore

/// A value the fast path writes as a JSON object: its members, in sorted key order.
protocol JSONObjectWritable {
    func writeMembers(to writer: inout JSONWriter)
}

/// Writes JSON exactly as `JSONEncoder` does with `.sortedKeys` and
/// `.withoutEscapingSlashes`: no whitespace, members in byte order of their keys (the
/// writers list them sorted), `nil` optionals left out unless written as `null`, and the
/// same string escapes (`\"`, `\\`, `\b`, `\t`, `\n`, `\f`, `\r`, `\u00xx` for other
/// control characters; everything else as UTF-8).
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = []

    init(capacity: Int = 1_024) {
        bytes.reserveCapacity(capacity)
    }

    /// Writes an object; `body` writes its members in sorted key order.
    mutating func object(_ body: (inout JSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        needsComma.append(false)
        body(&self)
        needsComma.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    /// Writes an array of `elements`, each by `body`.
    mutating func array<T>(_ elements: [T], _ body: (inout JSONWriter, T) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            body(&self, element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Starts a member of the current object.
    mutating func key(_ name: StaticString) {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// Appends JSON text made elsewhere, as it is.
    mutating func appendRaw(_ text: [UInt8]) {
        bytes.append(contentsOf: text)
    }

    /// Appends `text` as it is (a literal: no array made for it).
    private mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    mutating func member(_ name: StaticString, _ value: String?) {
        if let value { member(name, value) }
    }

    mutating func member(_ name: StaticString, _ value: Int) {
        key(name)
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func member(_ name: StaticString, _ value: Int?) {
        if let value { member(name, value) }
    }

    mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        raw(value ? "true" : "false")
    }

    mutating func member(_ name: StaticString, _ value: Bool?) {
        if let value { member(name, value) }
    }

    mutating func member(_ name: StaticString, _ values: [String]?) {
        guard let values else { return }
        key(name)
        array(values) { writer, value in writer.string(value) }
    }

    /// Writes `value` as an object.
    mutating func write<T: JSONObjectWritable>(_ value: T) {
        object { value.writeMembers(to: &$0) }
    }

    mutating func member<T: JSONObjectWritable>(_ name: StaticString, _ value: T?) {
        guard let value else { return }
        key(name)
        write(value)
    }

    mutating func member<T: JSONObjectWritable>(_ name: StaticString, _ values: [T]?) {
        guard let values else { return }
        key(name)
        array(values) { $0.write($1) }
    }

    /// A member written as `null` when `nil` (for encoders that encode `nil` explicitly).
    mutating func memberOrNull(_ name: StaticString, _ value: String?) {
        guard let value else { return null(name) }
        member(name, value)
    }

    mutating func memberOrNull(_ name: StaticString, _ value: Int?) {
        guard let value else { return null(name) }
        member(name, value)
    }

    private mutating func null(_ name: StaticString) {
        key(name)
        raw("null")
    }

    /// A quoted, escaped string.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        ByteSearch.bytes(of: value) { utf8 in
            var start = 0
            // Each byte that needs escaping, found eight bytes at a time.
            var index = PlainTextRun.end(in: utf8, from: 0, stopAtNonASCII: false)
            while index < utf8.count {
                let byte = utf8[index]
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
                case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
                case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [
                        UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)],
                    ])
                }
                index = PlainTextRun.end(in: utf8, from: start, stopAtNonASCII: false)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
