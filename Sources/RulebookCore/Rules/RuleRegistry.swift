/// Every rule Rulebook ships, in catalogue order (the order of RULES.md).
public enum RuleRegistry {
    /// The rule types, in catalogue order.
    public static let all: [any Rule.Type] = stateRules + actionRules + reducerRules + environmentRules + viewRules + architectureRules

    static let stateRules: [any Rule.Type] = [
        StateAnimationValueRule.self,
        StateTransientUIRule.self,
        StateUITypeRule.self,
        StateUIImportRule.self,
        StateMustBeStructRule.self,
        StateMustBeEquatableRule.self,
    ]

    static let actionRules: [any Rule.Type] = [
        ActionMustBeEnumRule.self,
        ActionGenericCaseRule.self,
        ActionResponseWithoutResultRule.self,
        ActionDataWithoutPayloadRule.self,
    ]

    static let reducerRules: [any Rule.Type] = [
        ReducerDefaultCaseRule.self,
        ReducerUnhandledActionRule.self,
        ReducerSideEffectRule.self,
        ReducerDirectDependencyRule.self,
        ReducerWithAnimationRule.self,
        EffectUnhandledErrorRule.self,
        EffectSendFromTaskRule.self,
        BindingReducerMissingRule.self,
    ]

    static let environmentRules: [any Rule.Type] = [
        EnvironmentInjectsRepositoryRule.self,
        EnvironmentMissingMockRule.self,
        EnvironmentMissingLiveRule.self,
        EnvironmentMissingMainQueueRule.self,
        EnvironmentMockMainSchedulerRule.self,
    ]

    static let viewRules: [any Rule.Type] = [
        ViewAnimationFromStoreRule.self,
        ViewMissingViewStoreRule.self,
        ViewRootStoreInStateRule.self,
    ]

    static let architectureRules: [any Rule.Type] = [
        DomainFrameworkImportRule.self,
        LayerDependencyDirectionRule.self,
        ErrorMissingLocalizedDescriptionRule.self,
        ProtocolMissingSendableRule.self,
        GlassWithoutAvailabilityRule.self,
    ]

    /// The rule type for `id`, if any.
    public static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }

    /// Version of the rule set, stored with every run so history can tell rule changes apart.
    public static let version = "2026.11.2"
}
