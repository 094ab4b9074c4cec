@testable import RulebookCore
import Testing

/// What the members of the app's own types do (`reducer-side-effect`), as pure logic.
struct MemberEffectsTests {
    @Test func aKeyNamesItsOverloadAndAcceptsTheCallsThatReachIt() {
        let key = MemberKey("Day.init(year:month?:)")
        #expect(key.base == "Day.init")
        #expect(key.text == "Day.init(year:month?:)")
        #expect(key.accepts(labels: ["year"]))
        #expect(key.accepts(labels: ["year", "month"]))
        #expect(!key.accepts(labels: []))
        #expect(!key.accepts(labels: ["month"]))
        #expect(!key.accepts(labels: nil), "a property use never reaches a method")
        #expect(MemberKey("Day.init()").accepts(labels: []))
        #expect(MemberKey("Settings.nickname").accepts(labels: nil))
        #expect(!MemberKey("Settings.nickname").accepts(labels: []))
    }

    @Test func effectsFollowCallsThroughOtherMembersAndWrappers() {
        let direct = ["Store.write(_:)": "UserDefaults.standard.set(…)", "Wrapper.wrappedValue": "UserDefaults.standard.string(…)"]
        let calls: [String: Set<String>] = [
            "Store.save(_:)": [MemberEffects.use("Store.write", labels: ["_"])],
            "Prefs.nickname": [MemberEffects.use("Wrapper.wrappedValue", labels: nil)],
            "Store.describe()": [MemberEffects.use("Store.write", labels: ["to"])],
        ]
        let closed = MemberUsers(calls).closure(of: direct, sameTypeOnly: false)
        #expect(closed["Store.save(_:)"] == "UserDefaults.standard.set(…)")
        #expect(closed["Prefs.nickname"] == "UserDefaults.standard.string(…)")
        #expect(closed["Store.describe()"] == nil, "no overload of write takes `to:`")
    }

    @Test func logsFollowCallsOnlyWithinTheLoggersOwnType() {
        let direct = ["Log.write(_:level:)": "print(…)"]
        let calls: [String: Set<String>] = [
            "Log.debug(_:)": [MemberEffects.use("Log.write", labels: ["_", "level"])],
            "Log.trace(_:)": [MemberEffects.use("Log.debug", labels: ["_"])],
            "Store.save(_:)": [MemberEffects.use("Log.debug", labels: ["_"])],
        ]
        let logging = MemberUsers(calls).closure(of: direct, sameTypeOnly: true)
        #expect(logging["Log.debug(_:)"] == "print(…)")
        #expect(logging["Log.trace(_:)"] == "print(…)", "through any number of the logger's own members")
        #expect(logging["Store.save(_:)"] == nil, "a model that logs on the way is not a logger")
        #expect(MemberUsers(calls).closure(of: direct, sameTypeOnly: false)["Store.save(_:)"] == "print(…)", "effects cross types")
    }

    @Test(arguments: [
        ("UserDefaults.standard.set", ["_", "forKey"], false, true),
        ("Date", [], false, true),
        ("Date", ["timeIntervalSince1970"], false, false),
        ("items.shuffled", [], false, true),
        ("queue.sync", [], true, false),
        ("DispatchQueue.main.async", [], true, true),
        ("DispatchQueue.sync", [], true, false),
        ("print", ["_"], true, false),
        ("Keychain.shared.save", ["_"], true, true),
        ("Keychain.shared.load", ["_"], false, false),
        ("Task", [], true, true),
        ("Task.detached", [], true, true),
        ("UserDefaults", ["suiteName"], false, true),
    ])
    func callsThatTouchTheWorld(callee: String, labels: [String], isStatement: Bool, touches: Bool) {
        let parts = callee.split(separator: ".").map(String.init)
        #expect((MemberEffects.callEffect(callee: parts, argumentLabels: labels, isStatement: isStatement) != nil) == touches)
    }
}
