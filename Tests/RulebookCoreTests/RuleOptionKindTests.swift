import RulebookCore
import Testing

struct RuleOptionKindTests {
    @Test func eachKindTakesItsValuesInTheirForm() {
        #expect(RuleOptionKind.strings.canonical("set") == ["set"])
        #expect(RuleOptionKind.strings.canonical(["set", "update"]) == ["set", "update"])
        #expect(RuleOptionKind.strings.canonical(3) == nil)
        #expect(RuleOptionKind.choice(["a", "b"]).canonical("b") == "b")
        #expect(RuleOptionKind.choice(["a", "b"]).canonical(["a"]) == nil)
        #expect(RuleOptionKind.choice(["a", "b"]).canonical("c") == nil)
        #expect(RuleOptionKind.choice(["a", "b"]).canonical(["a", "b"]) == nil)
        #expect(RuleOptionKind.integer(1...50).canonical(50) == 50)
        #expect(RuleOptionKind.integer(1...50).canonical(0) == nil)
        #expect(RuleOptionKind.integer(1...50).canonical("5") == nil)
        #expect(RuleOptionKind.boolean.canonical(true) == true)
        #expect(RuleOptionKind.boolean.canonical("true") == nil)
        #expect(RuleOptionKind.version.canonical("26.0.1") == "26.0.1")
        for wrong: FlatJSONValue in ["", "17.", "v17", "1.2.3.4", "１７", true] {
            #expect(RuleOptionKind.version.canonical(wrong) == nil, "\(wrong)")
        }
    }

    /// Yams gives booleans, whole and decimal numbers, strings and lists.
    @Test func yamlValuesBecomeTheKindsValues() {
        #expect(RuleOptionKind.integer(1...50).value(fromYAML: 5) == 5)
        #expect(RuleOptionKind.integer(1...50).value(fromYAML: 5.5) == nil)
        #expect(RuleOptionKind.boolean.value(fromYAML: false) == false)
        #expect(RuleOptionKind.boolean.value(fromYAML: "no") == nil)
        #expect(RuleOptionKind.version.value(fromYAML: "17.10") == "17.10")
        #expect(RuleOptionKind.version.value(fromYAML: 17.4) == nil)
        #expect(RuleOptionKind.strings.value(fromYAML: ["a", 1] as [Any]) == nil)
        #expect(RuleOptionKind.strings.value(fromYAML: ["a", "b"] as [Any]) == ["a", "b"])
    }

    @Test func schemasSayWhatEachKindTakesWithItsDefault() {
        let integer = RuleOptionKind.integer(1...50).schema(default: 8)
        #expect(integer.type == "integer" && integer.minimum == 1 && integer.maximum == 50 && integer.default == 8)
        #expect(RuleOptionKind.choice(["a", "b"]).schema(default: nil).enum == ["a", "b"])
        #expect(RuleOptionKind.strings.schema(default: nil).oneOf?.count == 2)
        #expect(RuleOptionKind.boolean.schema(default: true).type == "boolean")
        #expect(RuleOptionKind.version.schema(default: nil).pattern != nil)
    }
}
