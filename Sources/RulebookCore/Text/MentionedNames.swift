/// The identifiers some texts hold (`Feature`, `State`, `count`), gathered in one pass so
/// that asking whether a name is mentioned costs a lookup, not a search of every text: a spec
/// asks it of every type the project knows a fact about.
///
/// An identifier is a longest run of ASCII letters, digits and `_`, and of non-ASCII
/// characters (Swift allows most of them in names). A name is mentioned when it is one of
/// those runs: `Settings` is not mentioned by `SettingsClient`.
public struct MentionedNames: Sendable {
    private let names: Set<String>

    /// The identifiers in `texts`.
    public init(_ texts: [String]) {
        var names: Set<String> = []
        for text in texts {
            var text = text
            text.withUTF8 { bytes in
                var start: Int?
                for index in 0...bytes.count {
                    if index < bytes.count, Self.isIdentifierByte(bytes[index]) {
                        if start == nil { start = index }
                    } else if let first = start {
                        names.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<index]), as: UTF8.self))
                        start = nil
                    }
                }
            }
        }
        self.names = names
    }

    /// Whether `name` is one of the identifiers.
    public func contains(_ name: String) -> Bool { names.contains(name) }

    /// How many different identifiers there are.
    public var count: Int { names.count }

    /// Each identifier's `transform` results, joined.
    public func flatMap<Result>(_ transform: (String) -> [Result]) -> [Result] { names.flatMap(transform) }

    /// A letter, a digit, `_`, or a byte of a non-ASCII character.
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
            return true
        default:
            return false
        }
    }
}
