@testable import RulebookCore
import Testing

/// `AffixList` answers as `String.hasPrefix`/`hasSuffix` over its words, with the
/// Character after a prefix as Swift sees it, on the texts where bytes alone would be wrong.
struct AffixListTests {
    static let texts = ByteSearchTests.texts + ["dragA\u{345}", "dragA", "drag\r\nX", "dragÉtat", "drag\u{212A}", "focus"]
    static let lists: [[String]] = [
        ByteSearchTests.needles, ["drag", "focus"], ["K", "é", "\r"], [],
    ]
    static let followers: [(String, @Sendable (Character?) -> Bool)] = [
        ("any", { _ in true }), ("uppercase or end", { $0.map(\.isUppercase) ?? true }), ("end", { $0 == nil }),
    ]

    @Test(arguments: lists)
    func prefixesMatchCharacterSemantics(words: [String]) {
        let list = AffixList(words)
        for text in Self.texts {
            for (name, next) in Self.followers {
                let expected = words.contains { text.hasPrefix($0) && next(text.dropFirst($0.count).first) }
                #expect(list.hasPrefix(in: text, followedBy: next) == expected, "\(text.debugDescription) prefix, \(name), of \(words)")
            }
        }
    }

    @Test(arguments: lists)
    func suffixesMatchCharacterSemantics(words: [String]) {
        let list = AffixList(words)
        for text in Self.texts {
            #expect(list.hasSuffix(in: text) == words.contains { text.hasSuffix($0) }, "\(text.debugDescription) suffix of \(words)")
        }
    }

    @Test(arguments: lists)
    func properSuffixIsTheFirstWordThatEndsALongerText(words: [String]) {
        let list = AffixList(words)
        for text in Self.texts {
            let expected = words.first { text.hasSuffix($0) && text.count > $0.count }
            #expect(list.properSuffix(of: text) == expected, "\(text.debugDescription) proper suffix of \(words)")
        }
    }
}
