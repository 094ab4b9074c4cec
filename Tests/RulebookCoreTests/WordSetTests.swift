@testable import RulebookCore
import Testing

/// `WordSet` answers exactly as `Set<String>` (canonical equivalence included), and
/// `TypeName.unqualified` exactly as its Character-based definition, on the texts where
/// bytes alone would answer wrongly.
struct WordSetTests {
    static let candidates = [
        "", "K", "\u{212A}", "isFocused", "isFocuse", "isFocusedX", "café", "cafe\u{301}", "Å", "\u{212B}", "A\u{30A}",
        "scrollOffset", "Color", "SwiftUI.Color", "a\r\nb", "🚀", "dragOffset",
    ]
    static let wordLists: [[String]] = [
        [], ["isFocused", "scrollOffset", "K", "Color"], ["café", "K"], ["\u{212A}"], ["cafe\u{301}", "Å"], [""],
    ]

    @Test(arguments: wordLists)
    func containsMatchesSetOfStrings(words: [String]) {
        let wordSet = WordSet(words)
        let set = Set(words)
        for candidate in Self.candidates {
            #expect(wordSet.contains(candidate) == set.contains(candidate), "\(words) contains \(candidate.debugDescription)")
        }
    }

    @Test func unqualifiedMatchesTheLastNonEmptyComponent() {
        let types = [
            "Angle", "SwiftUI.Angle", "A.B.C", "A.B.", "...", ".", "a..b", "", "Foundation.Date?", "É.Clé", "\u{600}.x",
            "a.\u{301}b", "Module.🚀",
        ]
        for type in types {
            let expected = type.contains(".") ? String(type.split(separator: ".").last ?? Substring(type)) : type
            #expect(TypeName.unqualified(type) == expected, "\(type.debugDescription)")
        }
    }

    static let writtenTypes = [
        "[Session]", "Array<Int>", "IdentifiedArrayOf<Row>", "Set<Int>", "Dictionary<K, V>", "Setting", "Set", "Int",
        "SwiftUI.Angle", "SwiftUI.", "SwiftUIX.Angle", "É[x]", "Set\u{301}<Int>", "Dictionary<\u{301}", "",
    ]

    @Test func isCollectionMatchesItsDefinition() {
        for type in Self.writtenTypes {
            let expected = type.contains("[") || type.contains("Array") || type.hasPrefix("Set<") || type.hasPrefix("Dictionary<")
            #expect(TypeName.isCollection(type) == expected, "\(type.debugDescription)")
        }
    }

    @Test func droppingAModuleMatchesItsDefinition() {
        for type in Self.writtenTypes {
            let expected = type.hasPrefix("SwiftUI.") ? String(type.dropFirst("SwiftUI.".count)) : type
            #expect(TypeName.dropping(module: "SwiftUI", from: type) == expected, "\(type.debugDescription)")
        }
    }
}

/// `FailureVocabulary.namesFailure` answers as its definition (the lowercased name contains
/// a failure word), ASCII byte search or not.
struct FailureVocabularyTests {
    @Test(arguments: [
        "failed", "FAILED", "connectionError", "ErrorOccurred", "loadFailure", "fai", "err", "eRRoR", "", "succeeded",
        "Fail", "xfaIlx", "errorr", "ERRO", "échec", "Échoué_error", "FAİL", "\u{212A}error", "fa\u{0130}l", "café",
    ])
    func namesFailureAsItsDefinitionDoes(name: String) {
        #expect(FailureVocabulary.namesFailure(name) == FailureVocabulary.plainlyNamesFailure(name))
    }

    @Test func namesFailureFindsTheWordsInAnyCase() {
        #expect(FailureVocabulary.namesFailure("receivedConnectionERROR"))
        #expect(!FailureVocabulary.namesFailure("loaded"))
    }
}
