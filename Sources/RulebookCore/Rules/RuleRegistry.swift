/// Every rule Rulebook ships, in catalogue order (the order of RULES.md).
public enum RuleRegistry {
    /// The rule types, in catalogue order.
    public static let all: [any Rule.Type] = stateRules + actionRules + reducerRules + environmentRules + viewRules + architectureRules

    static let stateRules: [any Rule.Type] = [
        StateAnimationValueRule.self,
    ]

    static let actionRules: [any Rule.Type] = [
        ActionGenericCaseRule.self,
    ]

    static let reducerRules: [any Rule.Type] = [
    ]

    static let environmentRules: [any Rule.Type] = [
    ]

    static let viewRules: [any Rule.Type] = [
    ]

    static let architectureRules: [any Rule.Type] = [
    ]

    /// The rule type for `id`, if any.
    public static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }

    /// Version of the rule set, stored with every run so history can tell rule changes apart.
    public static let version = "2026.11.0"
}
