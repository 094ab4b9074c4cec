/// Byte-level searches over UTF-8 text, for hot paths where Foundation's Unicode-aware
/// `contains` is too slow. They are exact for ASCII needles: no other UTF-8 text contains
/// an ASCII needle's bytes, so they serve as fast filters before the Unicode-aware code.
enum ByteSearch {
    /// Whether `text` contains the bytes of `needle`.
    static func contains(_ text: String, _ needle: String) -> Bool {
        var text = text
        return text.withUTF8 { haystack in
            var pattern = needle
            return pattern.withUTF8 { pin in firstIndex(of: pin, in: haystack) != nil }
        }
    }

    /// Offset of the first occurrence of `needle` in `haystack`.
    static func firstIndex(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return needle.isEmpty ? 0 : nil }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = 1
                while matched < needle.count && haystack[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// Whether `text` may hold a whitespace Character: `false` only for ASCII text without
    /// tabs, line breaks or spaces (other whitespace is not ASCII).
    static func mayHoldWhitespace(_ text: String) -> Bool {
        text.utf8.contains { byte in byte >= 0x80 || byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
    }

    /// Whether every byte of `text` is an ASCII letter, digit, `_` or `.`: a plain (possibly
    /// qualified) identifier without generics, optionals, brackets or spaces.
    static func isPlainIdentifierPath(_ text: String) -> Bool {
        text.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }
}
