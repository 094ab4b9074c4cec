import Foundation

/// Byte-level searches over UTF-8 text, for hot paths where Foundation's Unicode-aware
/// `contains` is too slow. They are exact for ASCII needles: no other UTF-8 text contains
/// an ASCII needle's bytes, so they serve as fast filters before the Unicode-aware code.
public enum ByteSearch {
    /// Whether `text` contains the bytes of `needle`.
    public static func contains(_ text: String, _ needle: String) -> Bool {
        bytes(of: text) { haystack in bytes(of: needle) { pin in firstIndex(of: pin, in: haystack) != nil } }
    }

    /// Offset of the first occurrence of `needle` in `haystack`. In long texts candidates are
    /// found by the C library's `memchr` on the needle's last byte (in code, `:` of `rulebook:`
    /// is far rarer than its `r`); short ones (names, types) are compared byte by byte, where
    /// the calls would cost more than they save.
    public static func firstIndex(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let pattern = needle.baseAddress, let last = needle.last else { return 0 }
        guard let text = haystack.baseAddress, haystack.count >= needle.count else { return nil }
        let tail = needle.count - 1
        if haystack.count < 256 {
            for start in 0...(haystack.count - needle.count) where text[start + tail] == last {
                if memcmp(text + start, pattern, tail) == 0 { return start }
            }
            return nil
        }
        var end = tail
        while end < haystack.count {
            guard let found = memchr(text + end, Int32(last), haystack.count - end) else { return nil }
            end = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - text
            if memcmp(text + end - tail, pattern, tail) == 0 { return end - tail }
            end += 1
        }
        return nil
    }

    /// Whether two runs of bytes are the same. Inlinable: the wire format's JSON readers match
    /// every key with it.
    @inlinable public static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
        return memcmp(left, right, lhs.count) == 0
    }

    /// Whether `text` may hold a whitespace Character: `false` only for ASCII text without
    /// tabs, line breaks or spaces (other whitespace is not ASCII).
    static func mayHoldWhitespace(_ text: String) -> Bool {
        bytes(of: text) { $0.contains { byte in byte >= 0x80 || byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) } }
    }

    /// Whether every byte of `text` is an ASCII letter, digit, `_` or `.`: a plain (possibly
    /// qualified) identifier without generics, optionals, brackets or spaces.
    static func isPlainIdentifierPath(_ text: String) -> Bool {
        bytes(of: text) { bytes in
            for byte in bytes {
                let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                guard letter || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: ".")
                else { return false }
            }
            return true
        }
    }

    /// `text.hasPrefix(prefix)`, compared on bytes where that gives the same answer (an ASCII
    /// prefix without line breaks, followed in `text` by ASCII or nothing) and by Characters
    /// otherwise. The rules test every property and case name against lists of words.
    static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        asciiAffix(text, prefix, atEnd: false) ?? text.hasPrefix(prefix)
    }

    /// `text.hasSuffix(suffix)`, compared on bytes where that gives the same answer (an ASCII
    /// suffix without line breaks, preceded in `text` by ASCII or nothing) and by Characters
    /// otherwise.
    static func hasSuffix(_ text: String, _ suffix: String) -> Bool {
        asciiAffix(text, suffix, atEnd: true) ?? text.hasSuffix(suffix)
    }

    /// Whether `text` starts (or, `atEnd`, ends) with `word`, from bytes; `nil` when bytes
    /// cannot tell (`word` is not ASCII without line breaks, or see ``affix(_:in:atEnd:)``).
    private static func asciiAffix(_ text: String, _ word: String, atEnd: Bool) -> Bool? {
        bytes(of: word) { word -> Bool? in
            guard word.allSatisfy(isSingleCharacterByte) else { return nil }
            return bytes(of: text) { text in affix(word, in: text, atEnd: atEnd) }
        }
    }

    /// Whether `text` starts (or, `atEnd`, ends) with `word`, a word of ASCII bytes without
    /// line breaks; `nil` when bytes cannot tell: a differing byte of `text` is not ASCII (text
    /// equal to an ASCII word may not be ASCII: `K`, the Kelvin sign, equals `K`), or the
    /// byte next to the match is not ASCII and could join the match's outer Character.
    static func affix(_ word: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, atEnd: Bool) -> Bool? {
        guard word.count <= text.count else { return false }
        let start = atEnd ? text.count - word.count : 0
        // From the anchored end: every byte compared before a difference is ASCII, so aligned.
        for offset in 0..<word.count {
            let index = atEnd ? word.count - 1 - offset : offset
            let byte = text[start + index]
            if byte != word[index] { return byte < 0x80 ? false : nil }
        }
        let neighbour = atEnd ? start - 1 : word.count
        return neighbour < 0 || neighbour >= text.count || text[neighbour] < 0x80 ? true : nil
    }

    /// An ASCII byte that is a Character of its own next to any other ASCII byte (CR LF is one
    /// Character).
    static func isSingleCharacterByte(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != 0x0A && byte != 0x0D
    }

    /// `body` over the UTF-8 bytes of `text` without copying them (native and small strings
    /// have contiguous UTF-8; anything else is copied once). Inlinable, so that callers in
    /// other modules (the wire format's JSON readers and writer) get it specialized.
    @inlinable public static func bytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }
}
