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

extension [SkimmedMember] {
    /// The value of the member named `key`, if there is one.
    func value(_ key: String) -> SkimmedValue? {
        first(where: { $0.key == key })?.value
    }

    /// The text of the member named `key` when it holds a string.
    func string(_ key: String) -> String? {
        guard case .string(let text)? = value(key) else { return nil }
        return text
    }
}

/// The intake's quick look at a frame (``IntakeDecoder``), with ``JSONScanner``'s strictness.
enum FastJSONParser {
    /// The members of the top-level object of `bytes`, read `levels` objects deep (strings
    /// read, deeper values and arrays only checked: as strictly as the typed decoders
    /// except that keys of unread objects may repeat), without building the rest.
    static func skim(_ bytes: [UInt8], levels: Int, maxDepth: Int) throws(FastPathUnavailable) -> [SkimmedMember] {
        try JSONScanner.document(bytes, maxDepth: maxDepth) { scanner throws(FastPathUnavailable) in
            try skimObject(&scanner, levels: levels)
        }
    }

    private static func skimObject(_ scanner: inout JSONScanner, levels: Int) throws(FastPathUnavailable) -> [SkimmedMember] {
        var members: [SkimmedMember] = []
        _ = try scanner.objectMembers { scanner throws(FastPathUnavailable) in
            let key = try scanner.string()
            guard !members.contains(where: { $0.key == key }) else { throw FastPathUnavailable() }
            try scanner.expect(UInt8(ascii: ":"))
            scanner.skipWhitespace()
            let value: SkimmedValue
            switch scanner.peek {
            case UInt8(ascii: "\""): value = .string(try scanner.string())
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
