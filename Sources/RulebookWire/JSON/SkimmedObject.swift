import RulebookCore

/// Text read by ``JSONSkimmer/skim(_:levels:maxDepth:)``: plain ASCII text is kept as
/// where it lies in the frame (no `String` is made for text nobody asks for); text with
/// escapes or non-ASCII characters is checked and decoded as it is read.
enum SkimmedText {
    /// ASCII without escapes: the bytes between the quotes.
    case plain(Range<Int>)
    case decoded(String)

    /// The text as a `String`; `frame` is the frame it was read from.
    func string(in frame: UnsafeBufferPointer<UInt8>) -> String {
        switch self {
        case .plain(let range): String(decoding: UnsafeBufferPointer(rebasing: frame[range]), as: UTF8.self)
        case .decoded(let text): text
        }
    }

    /// Whether the text equals the UTF-8 text `other` as `String`s compare. Plain text can
    /// only equal ASCII text, and then byte for byte, so no `String` is made for it then.
    func equals(_ other: UnsafeBufferPointer<UInt8>, otherIsASCII: Bool, in frame: UnsafeBufferPointer<UInt8>) -> Bool {
        switch self {
        case .plain(let range) where otherIsASCII: ByteSearch.equal(UnsafeBufferPointer(rebasing: frame[range]), other)
        case .plain, .decoded: string(in: frame) == String(decoding: other, as: UTF8.self)
        }
    }

    /// Whether two texts of `frame` are equal as `String`s (plain texts byte for byte).
    func equals(_ other: SkimmedText, in frame: UnsafeBufferPointer<UInt8>) -> Bool {
        switch (self, other) {
        case (.plain(let left), .plain(let right)):
            ByteSearch.equal(UnsafeBufferPointer(rebasing: frame[left]), UnsafeBufferPointer(rebasing: frame[right]))
        default: string(in: frame) == other.string(in: frame)
        }
    }
}

/// A member of an object read by ``JSONSkimmer/skim(_:levels:maxDepth:)``.
struct SkimmedMember {
    let key: SkimmedText
    let value: SkimmedValue
}

/// A value as ``JSONSkimmer/skim(_:levels:maxDepth:)`` reads it.
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

/// An object read by ``JSONSkimmer/skim(_:levels:maxDepth:)``, with the frame its text
/// lies in.
struct SkimmedObject {
    let bytes: [UInt8]
    let members: [SkimmedMember]

    /// The value of the member named `key`, if there is one.
    func value(_ key: String) -> SkimmedValue? {
        member(key)?.value
    }

    private func member(_ key: String) -> SkimmedMember? {
        ByteSearch.bytes(of: key) { key in
            let isASCII = key.allSatisfy { $0 < 0x80 }
            return bytes.withUnsafeBufferPointer { frame in
                members.first { $0.key.equals(key, otherIsASCII: isASCII, in: frame) }
            }
        }
    }

    /// The text of the member named `key` when it holds a string.
    func string(_ key: String) -> String? {
        guard case .string(let text)? = value(key) else { return nil }
        return bytes.withUnsafeBufferPointer { text.string(in: $0) }
    }

    /// Whether the member named `key` holds the string `expected`.
    func hasString(_ key: String, equalTo expected: String) -> Bool {
        guard case .string(let text)? = value(key) else { return false }
        return ByteSearch.bytes(of: expected) { expected in
            bytes.withUnsafeBufferPointer { text.equals(expected, otherIsASCII: expected.allSatisfy { $0 < 0x80 }, in: $0) }
        }
    }

    /// The member named `key` when it holds an object read by the skim.
    func object(_ key: String) -> SkimmedObject? {
        guard case .object(let members)? = value(key) else { return nil }
        return SkimmedObject(bytes: bytes, members: members)
    }
}
