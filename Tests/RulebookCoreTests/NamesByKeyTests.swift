@testable import RulebookCore
import Testing

/// The filed names give what filtering every name gives, whichever side is smaller.
struct NamesByKeyTests {
    private let names = ["Flag.Output", "Flag", "Loadable", "Settings", "Settings.Error", "Other.Thing"]
    private let outermost = { (name: String) in String(name.split(separator: ".").first!) }

    private func plain(_ mentioned: MentionedNames) -> [String] {
        names.filter { mentioned.contains(outermost($0)) }.sorted()
    }

    @Test func fewMentionedNamesLookUpTheirKeys() {
        let mentioned = MentionedNames(["let flag: Flag"])
        #expect(mentioned.count < Set(names.map(outermost)).count)
        #expect(NamesByKey(names, key: outermost).mentioned(in: mentioned).sorted() == plain(mentioned))
    }

    @Test func manyMentionedNamesAreAskedOfEachKey() {
        let mentioned = MentionedNames(["a b c d e f g h i j k l Settings Loadable x y z SettingsClient"])
        #expect(mentioned.count > Set(names.map(outermost)).count)
        #expect(NamesByKey(names, key: outermost).mentioned(in: mentioned).sorted() == plain(mentioned))
        #expect(plain(mentioned) == ["Loadable", "Settings", "Settings.Error"])
    }
}
