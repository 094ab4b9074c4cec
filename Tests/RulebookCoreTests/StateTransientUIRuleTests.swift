import RulebookCore
import Testing

/// `state-transient-ui` leaves collections alone whatever their names: a collection is data.
/// The collection test reads bytes, and Characters only where bytes cannot tell.
struct StateTransientUIRuleTests {
    private func flagged(_ properties: [(name: String, type: String)]) -> [String] {
        let spec = DeclaredSpec(
            feature: "Board",
            state: DeclaredType(name: "State", conformances: ["Equatable"], properties: properties.map { DeclaredProperty(name: $0.name, type: $0.type) }),
            action: DeclaredType(name: "Action", cases: [DeclaredCase(name: "refresh")]))
        return StateTransientUIRule().validate(DeclaredFeatureBuilder.model(of: spec)).map(\.message)
            .compactMap { message in properties.first { message.hasPrefix("`\($0.name):") }?.name }
    }

    @Test func collectionsAreDataWhateverTheirNames() {
        #expect(flagged([
            ("focusedIds", "Set<Item.ID>"), ("dragTargets", "Dictionary<String, Int>"), ("hoverHistory", "[CGPoint]"),
            ("dragItems", "IdentifiedArrayOf<Item>"), ("focusOrder", "ContiguousArray<Int>"), ("focusSessions", "[Session]?"),
        ]) == [])
    }

    @Test func singleValuesWithTransientNamesAreFlagged() {
        #expect(flagged([("focusedField", "Field?"), ("dragOffset", "CGSize"), ("hoverSet", "Settings"), ("focusDictionaryKey", "String")])
            == ["focusedField", "dragOffset", "hoverSet", "focusDictionaryKey"])
    }

    /// `Set<` followed by a combining mark is not `Set<` as Characters (`<́` is one Character):
    /// such a type is no collection, as `String.hasPrefix` says; its bytes alone would say it is.
    @Test func aPrefixJoinedByACombiningMarkIsNoCollection() {
        #expect(flagged([("focusedIds", "Set<\u{301}Int>"), ("dragTargets", "Dictionary<\u{301}String, Int>")]) == ["focusedIds", "dragTargets"])
        #expect(flagged([("focusedIds", "Set<Inté>")]) == [])
    }
}
