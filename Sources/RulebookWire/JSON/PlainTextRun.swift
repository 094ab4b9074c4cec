/// Finds where plain text ends inside a JSON string, eight bytes at a time: most of a
/// spec's bytes are names and types that need neither escaping nor UTF-8 validation, and
/// the JSON readers and the writer spent most of their time looking at them byte by byte.
enum PlainTextRun {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first byte of `bytes` at or after `start` that is a quote, a
    /// backslash, a control character (below 0x20) or, with `stopAtNonASCII`, a byte of
    /// non-ASCII text; `bytes.count` when there is none.
    @inline(__always)
    static func end(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, stopAtNonASCII: Bool = true) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let nonASCII = stopAtNonASCII ? highBits : 0
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let special = hasZeroByte(word ^ (ones &* 0x22)) | hasZeroByte(word ^ (ones &* 0x5C))
                    | hasByteBelow0x20(word) | (word & nonASCII)
                if special != 0 { break }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || (stopAtNonASCII && byte >= 0x80) {
                return index
            }
            index += 1
        }
        return bytes.count
    }

    /// Non-zero when some byte of `word` is zero (the classic bit trick: exact about
    /// whether there is one, not about which).
    @inline(__always)
    private static func hasZeroByte(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highBits
    }

    /// Non-zero when some byte of `word` is below 0x20 (same trick; bytes of 0x80 and above
    /// never count).
    @inline(__always)
    private static func hasByteBelow0x20(_ word: UInt64) -> UInt64 {
        (word &- ones &* 0x20) & ~word & highBits
    }
}
