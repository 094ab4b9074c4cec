/// The intake's quick look at a frame (``IntakeDecoder``), with ``JSONScanner``'s strictness.
enum JSONSkimmer {
    /// The members of the top-level object of `bytes`, read `levels` objects deep (strings
    /// read, deeper values and arrays only checked: as strictly as the typed decoders
    /// except that keys of unread objects may repeat), without building the rest.
    static func skim(_ bytes: [UInt8], levels: Int, maxDepth: Int) throws(ScannerDeclined) -> SkimmedObject {
        let members = try JSONScanner.document(bytes, maxDepth: maxDepth) { scanner throws(ScannerDeclined) in
            try skimObject(&scanner, levels: levels)
        }
        return SkimmedObject(bytes: bytes, members: members)
    }

    private static func skimObject(_ scanner: inout JSONScanner, levels: Int) throws(ScannerDeclined) -> [SkimmedMember] {
        var members: [SkimmedMember] = []
        _ = try scanner.objectMembers { scanner throws(ScannerDeclined) in
            let key = try scanner.skimmedText()
            guard !members.contains(where: { $0.key.equals(key, in: scanner.bytes) }) else { throw ScannerDeclined() }
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
    fileprivate mutating func skimmedText() throws(ScannerDeclined) -> SkimmedText {
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else { throw ScannerDeclined() }
        let start = index + 1
        let end = PlainTextRun.end(in: bytes, from: start)
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            index = end + 1
            return .plain(start..<end)
        }
        return .decoded(try string())
    }
}
