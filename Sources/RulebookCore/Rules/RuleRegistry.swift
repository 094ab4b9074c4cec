/// Every rule Rulebook ships, in catalogue order.
public enum RuleRegistry {
    /// The rule types, in the order of RULES.md.
    public static let all: [any Rule.Type] = [
        StateAnimationValueRule.self,
        ActionGenericCaseRule.self,
    ]

    /// The rule type for `id`, if any.
    public static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }

    /// Version of the rule set, stored with every run so history can tell rule changes apart.
    public static let version = "2026.11.0"
}
