@testable import RulebookCore
import Testing

/// `MentionedNames` answers as splitting each text into identifiers scalar by scalar and
/// comparing them as Strings (canonical equivalence included), and unlike a substring search.
struct MentionedNamesTests {
    static let texts = [
        "", "struct Feature { var state = Feature.State() }", "let client: SettingsClient = .live",
        "café.count + cafe\u{301}s", "x.\u{212B}ngström // 🚀Launch", "a\r\nb_c\t(d)[e]{f}<g>", "K\u{212A}K",
        "Å = 1", "@Dependency(\\.date.now) var now", "`default`", "a-\u{301}b",
    ]
    static let names = [
        "Feature", "State", "Settings", "SettingsClient", "live", "café", "cafe\u{301}", "cafés", "count",
        "Ångström", "\u{212B}ngström", "Launch", "🚀Launch", "b_c", "d", "g", "K\u{212A}K", "Å", "date", "now",
        "default", "a", "b", "\u{301}b", "", "Dependency",
    ]

    static func plainlyMentioned(_ name: String, in texts: [String]) -> Bool {
        let isIdentifier = { (scalar: Unicode.Scalar) in
            scalar.value >= 0x80 || scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar)
        }
        return texts.contains { text in
            text.unicodeScalars.split { !isIdentifier($0) }.contains { String(String.UnicodeScalarView($0)) == name }
        }
    }

    @Test func answersAsSplittingIntoIdentifiers() {
        for count in 0...Self.texts.count {
            let texts = Array(Self.texts.prefix(count))
            let mentioned = MentionedNames(texts)
            for name in Self.names {
                #expect(mentioned.contains(name) == Self.plainlyMentioned(name, in: texts), "\(name.debugDescription) in \(count) texts")
            }
        }
    }

    @Test func aNameInsideALongerIdentifierIsNotMentioned() {
        let mentioned = MentionedNames(["let client: SettingsClient = .live"])
        #expect(!mentioned.contains("Settings"))
        #expect(mentioned.contains("SettingsClient") && mentioned.contains("live"))
    }
}
