@testable import RulebookCore
import Testing

/// The filed names give, for each kind, what filtering that kind's names gives, whichever
/// side is smaller.
struct NamesByKeyTests {
    private enum Kind: Hashable { case type, value }
    private let types = ["Flag.Output", "Flag", "Loadable", "Settings", "Settings.Error", "Other.Thing"]
    private let values = ["Settings", "live", "Flag.on"]
    private let outermost = { (name: String) in String(name.split(separator: ".").first!) }

    private var filed: NamesByKey<Kind> {
        var filed = NamesByKey<Kind>()
        filed.file(types, as: .type, key: outermost)
        filed.file(values, as: .value, key: outermost)
        return filed
    }

    private func plain(_ mentioned: MentionedNames) -> [Kind: [String]] {
        var byKind: [Kind: [String]] = [:]
        for (kind, names) in [(Kind.type, types), (.value, values)] {
            let found = names.filter { mentioned.contains(outermost($0)) }.sorted()
            if !found.isEmpty { byKind[kind] = found }
        }
        return byKind
    }

    private func sorted(_ byKind: [Kind: [String]]) -> [Kind: [String]] { byKind.mapValues { $0.sorted() } }

    @Test func fewMentionedNamesLookUpTheirKeys() {
        let mentioned = MentionedNames(["let flag: Flag"])
        #expect(mentioned.count < Set((types + values).map(outermost)).count)
        #expect(sorted(filed.mentioned(in: mentioned)) == plain(mentioned))
        #expect(plain(mentioned) == [.type: ["Flag", "Flag.Output"], .value: ["Flag.on"]])
    }

    @Test func manyMentionedNamesAreAskedOfEachKey() {
        let mentioned = MentionedNames(["a b c d e f g h i j k l Settings Loadable x y z SettingsClient"])
        #expect(mentioned.count > Set((types + values).map(outermost)).count)
        #expect(sorted(filed.mentioned(in: mentioned)) == plain(mentioned))
        #expect(plain(mentioned) == [.type: ["Loadable", "Settings", "Settings.Error"], .value: ["Settings"]])
    }
}
