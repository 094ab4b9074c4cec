/// Moving past values that are not read.
extension JSONScanner {
    /// Checks the value after whitespace as strictly as the typed reads would, without
    /// building it, and moves past it. Keys of its objects must be unique when `uniqueKeys`
    /// is `true` (as everywhere a typed decoder reads: parsers disagree on repeated keys).
    /// Returns the count of members or elements of an object or array, 0 for other values.
    mutating func skip(uniqueKeys: Bool) throws(ScannerDeclined) -> Int {
        skipWhitespace()
        switch peek {
        case UInt8(ascii: "{"):
            if uniqueKeys { return try skipObjectWithUniqueKeys() }
            return try objectMembers { scanner throws(ScannerDeclined) in
                try scanner.skipString()
                try scanner.expect(UInt8(ascii: ":"))
                _ = try scanner.skip(uniqueKeys: false)
            }
        case UInt8(ascii: "["):
            return try arrayElements { scanner throws(ScannerDeclined) in _ = try scanner.skip(uniqueKeys: uniqueKeys) }
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try int()
        }
        return 0
    }

    /// ``skip(uniqueKeys:)`` of an object whose keys, and those of the objects within, must
    /// be unique (compared as `String`s, as ``EventCodec``'s duplicate check compares them).
    private mutating func skipObjectWithUniqueKeys() throws(ScannerDeclined) -> Int {
        var keys: [String] = []
        return try objectMembers { scanner throws(ScannerDeclined) in
            let key = try scanner.string()
            guard !keys.contains(key) else { throw ScannerDeclined() }
            keys.append(key)
            try scanner.expect(UInt8(ascii: ":"))
            _ = try scanner.skip(uniqueKeys: true)
        }
    }

    /// Checks the string at `index` as ``string()`` reads it, building it only when it
    /// holds escapes or non-ASCII text (which need the full check).
    mutating func skipString() throws(ScannerDeclined) {
        let start = index
        index = PlainTextRun.end(in: bytes, from: index + 1)
        guard index < bytes.count else { throw ScannerDeclined() }
        guard bytes[index] == UInt8(ascii: "\"") else {
            index = start
            _ = try string()
            return
        }
        index += 1
    }

    /// Moves past the object after whitespace by matching its brackets and quotes alone,
    /// checking nothing else: for a value that is read strictly later (``PerSpecEventCodec``
    /// meets `data` before knowing the event's type). Returns where the object starts.
    mutating func skipObjectUnchecked() throws(ScannerDeclined) -> Int {
        skipWhitespace()
        guard peek == UInt8(ascii: "{") else { throw ScannerDeclined() }
        let start = index
        var level = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                while index < bytes.count {
                    index = PlainTextRun.end(in: bytes, from: index, stopAtNonASCII: false)
                    guard index < bytes.count else { break }
                    let inner = bytes[index]
                    index += 1
                    if inner == UInt8(ascii: "\"") { break }
                    if inner == UInt8(ascii: "\\") { index += 1 }
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                level += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                level -= 1
                if level == 0 { return start }
            default:
                break
            }
        }
        throw ScannerDeclined()
    }
}
