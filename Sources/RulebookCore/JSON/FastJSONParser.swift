import Foundation

/// Text read by ``FastJSONParser/skim(_:levels:maxDepth:)``: plain ASCII text is kept as
/// where it lies in the frame (no `String` is made for text nobody asks for); text with
/// escapes or non-ASCII characters is checked and decoded as it is read.
enum SkimmedText {
    /// ASCII without escapes: the bytes between the quotes.
    case plain(Range<Int>)
    case decoded(String)

    /// The text as a `String`.
    func string(in bytes: [UInt8]) -> String {
        switch self {
        case .plain(let range): String(decoding: bytes[range], as: UTF8.self)
        case .decoded(let text): text
        }
    }

    /// Whether the text equals the UTF-8 text `other` as `String`s compare. Plain text can
    /// only equal ASCII text, and then byte for byte, so no `String` is made for it then.
    func equals(_ other: UnsafeBufferPointer<UInt8>, otherIsASCII: Bool, in frame: UnsafeBufferPointer<UInt8>) -> Bool {
        switch self {
        case .plain(let range) where otherIsASCII: ByteText.equal(UnsafeBufferPointer(rebasing: frame[range]), other)
        case .plain(let range):
            String(decoding: UnsafeBufferPointer(rebasing: frame[range]), as: UTF8.self) == String(decoding: other, as: UTF8.self)
        case .decoded(let text): text == String(decoding: other, as: UTF8.self)
        }
    }
}

/// A member of an object read by ``FastJSONParser/skim(_:levels:maxDepth:)``.
struct SkimmedMember {
    let key: SkimmedText
    let value: SkimmedValue
}

/// A value as ``FastJSONParser/skim(_:levels:maxDepth:)`` reads it.
enum SkimmedValue {
    case string(SkimmedText)
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

/// An object read by ``FastJSONParser/skim(_:levels:maxDepth:)``, with the frame its text
/// lies in.
struct SkimmedObject {
    let bytes: [UInt8]
    let members: [SkimmedMember]

    /// The value of the member named `key`, if there is one.
    func value(_ key: String) -> SkimmedValue? {
        member(key)?.value
    }

    private func member(_ key: String) -> SkimmedMember? {
        ByteText.withUTF8(of: key) { key, isASCII in
            bytes.withUnsafeBufferPointer { frame in
                members.first { $0.key.equals(key, otherIsASCII: isASCII, in: frame) }
            }
        }
    }

    /// The text of the member named `key` when it holds a string.
    func string(_ key: String) -> String? {
        guard case .string(let text)? = value(key) else { return nil }
        return text.string(in: bytes)
    }

    /// Whether the member named `key` holds the string `expected`.
    func hasString(_ key: String, equalTo expected: String) -> Bool {
        guard case .string(let text)? = value(key) else { return false }
        return ByteText.withUTF8(of: expected) { expected, isASCII in
            bytes.withUnsafeBufferPointer { frame in text.equals(expected, otherIsASCII: isASCII, in: frame) }
        }
    }

    /// The member named `key` when it holds an object read by the skim.
    func object(_ key: String) -> SkimmedObject? {
        guard case .object(let members)? = value(key) else { return nil }
        return SkimmedObject(bytes: bytes, members: members)
    }
}

/// Byte comparisons of UTF-8 text.
enum ByteText {
    /// Whether two runs of bytes are the same.
    static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
        return memcmp(left, right, lhs.count) == 0
    }

    /// `body` given the UTF-8 of `text` and whether it is all ASCII.
    static func withUTF8<T>(of text: String, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> T) -> T {
        ByteSearch.bytes(of: text) { utf8 in body(utf8, !utf8.contains { $0 >= 0x80 }) }
    }
}

/// The intake's quick look at a frame (``IntakeDecoder``), with ``JSONScanner``'s strictness.
enum FastJSONParser {
    /// The members of the top-level object of `bytes`, read `levels` objects deep (strings
    /// read, deeper values and arrays only checked: as strictly as the typed decoders
    /// except that keys of unread objects may repeat), without building the rest.
    static func skim(_ bytes: [UInt8], levels: Int, maxDepth: Int) throws(FastPathUnavailable) -> SkimmedObject {
        let members = try JSONScanner.document(bytes, maxDepth: maxDepth) { scanner throws(FastPathUnavailable) in
            try skimObject(&scanner, levels: levels)
        }
        return SkimmedObject(bytes: bytes, members: members)
    }

    private static func skimObject(_ scanner: inout JSONScanner, levels: Int) throws(FastPathUnavailable) -> [SkimmedMember] {
        var members: [SkimmedMember] = []
        _ = try scanner.objectMembers { scanner throws(FastPathUnavailable) in
            let key = try scanner.skimmedText()
            guard !members.contains(where: { scanner.equal($0.key, key) }) else { throw FastPathUnavailable() }
            try scanner.expect(UInt8(ascii: ":"))
            scanner.skipWhitespace()
            let value: SkimmedValue
            switch scanner.peek {
            case UInt8(ascii: "\""): value = .string(try scanner.skimmedText())
            case UInt8(ascii: "{"):
                value = levels > 1
                    ? .object(try skimObject(&scanner, levels: levels - 1)) : .skippedObject(try scanner.skip(uniqueKeys: false))
            case UInt8(ascii: "["): value = .array(count: try scanner.skip(uniqueKeys: false))
            case UInt8(ascii: "n"):
                try scanner.literal("null")
                value = .null
            default:
                _ = try scanner.skip(uniqueKeys: false)
                value = .other
            }
            members.append(SkimmedMember(key: key, value: value))
        }
        return members
    }
}

extension JSONScanner {
    /// The string after whitespace, as strictly as ``string()`` reads it, kept as where it
    /// lies when it is plain ASCII.
    fileprivate mutating func skimmedText() throws(FastPathUnavailable) -> SkimmedText {
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else { throw FastPathUnavailable() }
        let start = index + 1
        let end = PlainTextRun.end(in: bytes, from: start)
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            index = end + 1
            return .plain(start..<end)
        }
        return .decoded(try string())
    }

    /// Whether two texts of the scanned frame are equal as `String`s.
    fileprivate func equal(_ lhs: SkimmedText, _ rhs: SkimmedText) -> Bool {
        switch (lhs, rhs) {
        case (.plain(let left), .plain(let right)):
            ByteText.equal(UnsafeBufferPointer(rebasing: bytes[left]), UnsafeBufferPointer(rebasing: bytes[right]))
        default: text(lhs) == text(rhs)
        }
    }

    private func text(_ skimmed: SkimmedText) -> String {
        switch skimmed {
        case .plain(let range): String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        case .decoded(let text): text
        }
    }
}
