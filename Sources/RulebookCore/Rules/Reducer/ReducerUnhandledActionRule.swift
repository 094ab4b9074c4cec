/// `reducer-unhandled-action`: the reducer's `switch action` names every Action case.
///
/// Reported once per switch, at its `switch` keyword, listing the missing cases: the fix goes
/// there, and one finding per switch keeps a five-file legacy feature from reporting the
/// same gap in the Action file and the Reducer file.
public struct ReducerUnhandledActionRule: Rule {
    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "reducer-unhandled-action",
        name: "Action case not handled by the reducer",
        defaultSeverity: .error,
        summary: "Every case of the feature's Action enum must have a `case` in the reducer's `switch action`.",
        rationale: """
            An Action is an exhaustive enum of all events, and the reducer's `switch` handles \
            every case. An action the switch does not name is dropped: the button or response \
            it stands for does nothing. Checked only when the Action enum and the reducer are in the same spec; \
            switches with `default:` are reported by `reducer-default-case` instead, and a \
            `case .alert:` catch-all counts as handling `alert`. A case that carries an enum with \
            no case (`case delegate(DelegateAction)` with `enum DelegateAction {}`) or `Never` \
            can never be sent, and Swift asks no switch to name it: it is not reported.
            """,
        triggeringExamples: [
            RuleExample(
                """
                enum LoginAction: Equatable {
                  case emailChanged(String)
                  case loginButtonTapped
                  case loginResponse(Result<User, LoginError>)
                }
                let loginReducer = Reducer<LoginState, LoginAction, LoginEnvironment> { state, action, environment in
                  ↓switch action {
                  case let .emailChanged(email):
                    state.email = email
                    return .none
                  case .loginButtonTapped:
                    return environment.login(state.email)
                      .receive(on: environment.mainQueue)
                      .catchToEffect(LoginAction.loginResponse)
                  }
                }
                """, fileName: "LoginReducer.swift"),
            RuleExample(
                """
                @Reducer
                struct CounterFeature {
                  @ObservableState
                  struct State: Equatable { var count = 0 }
                  enum Action { case incrementButtonTapped, decrementButtonTapped, resetButtonTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      ↓switch action {
                      case .incrementButtonTapped:
                        state.count += 1
                        return .none
                      case .decrementButtonTapped:
                        state.count -= 1
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "CounterFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct ItemsFeature {
                  @ObservableState
                  struct State: Equatable { var items: [Item] = []; @Presents var alert: AlertState<Action.Alert>? }
                  enum Action {
                    case deleteTapped(Item.ID)
                    case alert(PresentationAction<Alert>)
                    case delegate(Delegate)
                    enum Alert: Equatable { case confirmDeletion(Item.ID) }
                    enum Delegate: Equatable { case itemsChanged }
                  }
                  func reduce(into state: inout State, action: Action) -> Effect<Action> {
                    ↓switch action {
                    case .deleteTapped:
                      return .none
                    case let .alert(.presented(.confirmDeletion(id))):
                      state.items.removeAll { $0.id == id }
                      return .none
                    }
                  }
                }
                """, fileName: "ItemsFeature.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct ProfileEdit {
                  @ObservableState
                  struct State: Equatable { var name = "" }
                  enum Action { case nameChanged(String), saveTapped, delegate(DelegateAction), never(Never) }
                  enum DelegateAction: Equatable {}
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case let .nameChanged(name):
                        state.name = name
                        return .none
                      case .saveTapped:
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "ProfileEdit.swift"),
            RuleExample(
                """
                @Reducer
                struct ItemsFeature {
                  @ObservableState
                  struct State: Equatable { var items: [Item] = []; @Presents var alert: AlertState<Action.Alert>? }
                  enum Action {
                    case deleteTapped(Item.ID)
                    case alert(PresentationAction<Alert>)
                    case delegate(Delegate)
                    enum Alert: Equatable { case confirmDeletion(Item.ID), cancel }
                    enum Delegate: Equatable { case itemsChanged }
                  }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .deleteTapped:
                        return .none
                      case let .alert(.presented(action)):
                        switch action {
                        case let .confirmDeletion(id):
                          state.items.removeAll { $0.id == id }
                          return .send(.delegate(.itemsChanged))
                        case .cancel:
                          return .none
                        }
                      case .alert, .delegate:
                        return .none
                      }
                    }
                    .ifLet(\\.$alert, action: \\.alert)
                  }
                }
                """, fileName: "ItemsFeature.swift"),
            RuleExample(
                """
                let counterReducer = Reducer<CounterState, CounterAction, CounterEnvironment> { state, action, _ in
                  switch action {
                  case .incrementButtonTapped:
                    state.count += 1
                    return .none
                  }
                }
                """, fileName: "CounterReducer.swift"),
            RuleExample(
                """
                enum SearchAction {
                  case queryChanged(String)
                  case searchResponse(Result<[Item], SearchError>)
                  case clearTapped
                }
                let searchReducer = Reducer<SearchState, SearchAction, SearchEnvironment> { state, action, environment in
                  switch action {
                  case let .queryChanged(query):
                    state.query = query
                    return .none
                  default:
                    return .none
                  }
                }
                """, fileName: "SearchReducer.swift"),
            RuleExample(
                """
                @Reducer
                struct FormFeature {
                  @ObservableState
                  struct State: Equatable { var name = ""; var isSaving = false }
                  enum Action: BindableAction {
                    case binding(BindingAction<State>)
                    case saveButtonTapped
                    case saveResponse(Result<Void, Error>)
                  }
                  var body: some ReducerOf<Self> {
                    BindingReducer()
                    Reduce { state, action in
                      switch action {
                      case .binding(\\.name):
                        return .none
                      case .binding:
                        return .none
                      case .saveButtonTapped:
                        state.isSaving = true
                        return .none
                      case .saveResponse(.success), .saveResponse(.failure):
                        state.isSaving = false
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "FormFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct PlayerFeature {
                  @ObservableState
                  struct State: Equatable { var isPlaying = false }
                  enum Action { case playTapped, pauseTapped, alert(AlertAction) }
                  enum AlertAction { case retry, dismiss }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .playTapped: state.isPlaying = true
                      case .pauseTapped: state.isPlaying = false
                      case let .alert(alertAction): return alert(&state, action: alertAction)
                      }
                      return .none
                    }
                  }
                  private func alert(_ state: inout State, action: AlertAction) -> Effect<Action> {
                    switch action {
                    case .retry: return .send(.playTapped)
                    case .dismiss: return .none
                    }
                  }
                }
                """, fileName: "PlayerFeature.swift"),
        ]
    )

    /// Whether no value of `enumCase` can be made: it carries `Never` or an enum of the spec
    /// with no case (`case delegate(DelegateAction)` with `enum DelegateAction {}`). Swift
    /// asks no switch to name such a case, and no action of it can be sent.
    static func isUninhabited(_ enumCase: EnumCaseDecl, in feature: FeatureModel) -> Bool {
        enumCase.associatedValues.contains { value in
            let name = TypeName.unqualified(value.type.filter { !$0.isWhitespace })
            return name == "Never" || feature.types.contains { $0.kind == .enum && $0.cases.isEmpty && $0.name == name }
        }
    }

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.reducers.flatMap { reducer -> [RuleViolation] in
            reducer.switches.compactMap { actionSwitch -> RuleViolation? in
                guard actionSwitch.defaultLocation == nil, actionSwitch.catchAllLocation == nil,
                    !actionSwitch.handledCases.isEmpty,
                    let action = feature.actionEnum(switchedBy: reducer, handling: actionSwitch.handledCases)
                else { return nil }
                let handled = Set(actionSwitch.handledCases)
                let missing = action.cases.filter { !handled.contains($0.name) && !Self.isUninhabited($0, in: feature) }.map(\.name)
                guard !missing.isEmpty else { return nil }
                let owner = reducer.displayOwner.map { " of `\($0)`" } ?? ""
                let list = missing.map { "`.\($0)`" }.joined(separator: ", ")
                return RuleViolation(
                    location: actionSwitch.location,
                    message: """
                        The `switch action`\(owner) does not handle `\(action.qualifiedName)` \
                        case\(missing.count == 1 ? "" : "s") \(list); add a `case` for each (return \
                        `.none` when nothing happens) so no action is silently dropped
                        """)
            }
        }
    }
}
