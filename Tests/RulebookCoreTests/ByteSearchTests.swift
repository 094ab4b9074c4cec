@testable import RulebookCore
import Testing

/// The byte-level prefix and suffix checks answer exactly as `String.hasPrefix` and
/// `hasSuffix` (Character semantics), including where the bytes alone would be wrong.
struct ByteSearchTests {
    static let texts = [
        "", "is", "isFocused", "focusedField", "drag\u{301}Offset", "dragOffset", "e\u{301}", "café", "cafe\u{301}",
        "rotationAngle", "Angle", "SwiftUI.Color", "a\r\nb", "\r\n", "text\r", "\nline", "🚀rocket", "rocket🚀", "👍🏽ok",
        "\u{600}5", "\u{212A}ind", "Kind", "lin\u{212A}", "\u{212B}ngle", "Result", "TaskResult", "Set<Int>", "Dictionary<String, Int>", "ÅngströmResponse",
    ]
    static let needles = [
        "", "is", "Focused", "focus", "drag", "e", "é", "\u{301}", "Angle", "SwiftUI.", "\r", "\n", "\r\n", "b", "🚀",
        "ok", "5", "K", "k", "Kind", "link", "linK", "Result", "Set<", "Dictionary<", "Response", "Å",
    ]

    @Test(arguments: texts)
    func hasPrefixMatchesCharacterSemantics(text: String) {
        for needle in Self.needles {
            #expect(ByteSearch.hasPrefix(text, needle) == text.hasPrefix(needle), "\(text.debugDescription) hasPrefix \(needle.debugDescription)")
        }
    }

    @Test(arguments: texts)
    func hasSuffixMatchesCharacterSemantics(text: String) {
        for needle in Self.needles {
            #expect(ByteSearch.hasSuffix(text, needle) == text.hasSuffix(needle), "\(text.debugDescription) hasSuffix \(needle.debugDescription)")
        }
    }

    /// `firstIndex` finds candidates by the needle's last byte: matches at either end,
    /// overlapping candidates, and needles as long as or longer than the text.
    @Test(arguments: [
        ("rulebook:", "// rulebook: x", 3), ("rulebook:", "rulebook:", 0), ("rulebook:", "x // rulebook:", 5),
        ("rulebook:", "rulebook", nil), ("rulebook:", "", nil), ("aab", "aaab", 1), ("ab", "abab", 0),
        (":", "a:b", 1), ("b:", "a:b:", 2), ("", "abc", 0), ("abc", "ab", nil), ("a:b", "a:a:b", 2),
        // Long texts take the memchr path.
        ("rulebook:", String(repeating: "r", count: 300) + "rulebook:", 300), ("rulebook:", String(repeating: "x:", count: 200), nil),
        ("a:b", String(repeating: "a:a:", count: 100) + "a:b", 400),
    ] as [(String, String, Int?)])
    func firstIndexFindsTheFirstOccurrence(needle: String, text: String, expected: Int?) {
        var needle = needle
        var text = text
        let found = needle.withUTF8 { pattern in text.withUTF8 { ByteSearch.firstIndex(of: pattern, in: $0) } }
        #expect(found == expected)
        #expect(ByteSearch.contains(text, needle) == (expected != nil))
    }

    @Test func plainIdentifierPaths() {
        #expect(ByteSearch.isPlainIdentifierPath("Foundation.Date_2"))
        #expect(!ByteSearch.isPlainIdentifierPath("[Int]"))
        #expect(!ByteSearch.isPlainIdentifierPath("Int?"))
        #expect(!ByteSearch.isPlainIdentifierPath("Café"))
        #expect(!ByteSearch.isPlainIdentifierPath("@Date"))  // 0x40 | 0x20 is `\``, not a letter
        #expect(!ByteSearch.isPlainIdentifierPath("[Date]"))  // `[` 0x5B | 0x20 is `{`
    }
}
