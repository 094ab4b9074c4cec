/// `binding-reducer-missing`: a feature whose Action is `BindableAction` composes `BindingReducer`.
public struct BindingReducerMissingRule: Rule {
    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "binding-reducer-missing",
        name: "BindableAction without BindingReducer",
        defaultSeverity: .warning,
        summary: "A reducer whose Action conforms to `BindableAction` composes `BindingReducer()` in its `body`.",
        rationale: """
            A view's binding (`$store.name`, `viewStore.$name`) sends `.binding(.set(…))`; only \
            `BindingReducer` writes the value into State. Without it the action is lost: the text \
            field snaps back, the toggle does not move, and TCA reports at run time "A binding \
            action sent from a store was not handled. … To fix this, invoke "BindingReducer()" \
            from your feature reducer's "body"" (Binding+Observation.swift; the 1.7 migration \
            guide). Where no view binds anything yet, the conformance promises what the reducer \
            does not do: add the reducer, or drop the conformance. The rule reads the reducer type \
            of the Action (its `body` and its `reduce(into:action:)`) and finds no \
            `BindingReducer` in any form (`BindingReducer()`, `BindingReducer(action: \\.view)`, \
            `BindingReducer().reduce(into:action:)`). Left alone, as misses rather than false \
            positives: an Action whose reducer type is not in the spec, legacy `Reducer { }` \
            closures (`.binding()` is chained outside the closure), and a feature whose files \
            name `BindingReducer` anywhere (a `body` built from another property the rule does \
            not follow). A warning, and off by default: on public apps readers judged all but \
            one of its findings real (docs/accuracy.md), the other in a folder no target builds, \
            short of the precision a rule on by default must show; and in most of them no view \
            binds anything yet, so nothing is lost at run time today.
            """,
        isOptIn: true,
        triggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct SignUpFeature {
                  @ObservableState
                  struct State: Equatable { var email = ""; var agreed = false }
                  enum ↓Action: BindableAction { case binding(BindingAction<State>), submitTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .binding:
                        return .none
                      case .submitTapped:
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "SignUpFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct FilterFeature {
                  @ObservableState
                  struct State: Equatable { var showsArchived = false }
                  enum ↓Action: BindableAction, ViewAction {
                    case binding(BindingAction<State>)
                    case view(View)
                    enum View { case resetTapped }
                  }
                  func reduce(into state: inout State, action: Action) -> Effect<Action> {
                    switch action {
                    case .binding(\\.showsArchived):
                      return .none
                    case .binding:
                      return .none
                    case .view(.resetTapped):
                      state.showsArchived = false
                      return .none
                    }
                  }
                }
                """, fileName: "FilterFeature.swift"),
            RuleExample(
                """
                struct SettingsFeature: ReducerProtocol {
                  struct State: Equatable { @BindingState var volume = 0.5 }
                  enum ↓Action: Equatable, BindableAction { case binding(BindingAction<State>), doneTapped }
                  var body: some ReducerProtocolOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .binding, .doneTapped:
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "SettingsFeature.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct SignUpFeature {
                  @ObservableState
                  struct State: Equatable { var email = ""; var agreed = false }
                  enum Action: BindableAction { case binding(BindingAction<State>), submitTapped }
                  var body: some ReducerOf<Self> {
                    BindingReducer()
                    Reduce { state, action in
                      switch action {
                      case .binding:
                        return .none
                      case .submitTapped:
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "SignUpFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct FilterFeature {
                  @ObservableState
                  struct State: Equatable { var showsArchived = false }
                  enum Action: BindableAction, ViewAction {
                    case binding(BindingAction<State>)
                    case view(View)
                    enum View { case resetTapped }
                  }
                  var body: some ReducerOf<Self> {
                    BindingReducer()
                      .onChange(of: \\.showsArchived) { _, _ in
                        Reduce { _, _ in .none }
                      }
                    Reduce { state, action in
                      switch action {
                      case .binding, .view:
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "FilterFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct CounterFeature {
                  @ObservableState
                  struct State: Equatable { var count = 0 }
                  enum Action { case incrementTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .incrementTapped:
                        state.count += 1
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "CounterFeature.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        guard !feature.sources.values.contains(where: { $0.contains("BindingReducer") }) else { return [] }
        return feature.actions.filter { $0.conformances.contains(where: Self.isBindableAction) }.compactMap { action in
            guard let owner = Self.reducerType(of: action, in: feature) else { return nil }
            let code = (feature.reducers + feature.setups).filter { $0.ownerType == owner }
            guard !code.isEmpty, !code.contains(where: { $0.sites.contains(where: Self.composesBindingReducer) }) else { return nil }
            return RuleViolation(
                location: action.location,
                message: """
                    `\(action.nameInScope)` is a `BindableAction` but `\(owner)` composes no `BindingReducer()`: binding \
                    actions are dropped (TCA: "A binding action sent from a store was not handled"); add \
                    `BindingReducer()` to the top of its `body`, or drop the conformance if nothing binds to the store
                    """)
        }
    }

    private static func isBindableAction(_ conformance: String) -> Bool {
        conformance == "BindableAction" || conformance == "ComposableArchitecture.BindableAction"
    }

    /// The reducer type the Action is nested in, when the spec declares it as a reducer type
    /// (`@Reducer`, or conforming to `Reducer`/`ReducerProtocol`).
    private static func reducerType(of action: TypeDecl, in feature: FeatureModel) -> String? {
        guard let dot = action.qualifiedName.lastIndex(of: ".") else { return nil }
        let owner = String(action.qualifiedName[..<dot])
        let isReducerType = feature.types.contains { type in
            type.qualifiedName == owner
                && (type.attributes.contains("Reducer")
                    || type.conformances.contains { $0 == "Reducer" || $0 == "ReducerProtocol" })
        }
        return isReducerType ? owner : nil
    }

    private static func composesBindingReducer(_ site: CodeSite) -> Bool {
        site.components.first == "BindingReducer"
    }
}
