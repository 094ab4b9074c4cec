/// `action-must-be-enum`: Action is an exhaustive enum.
public struct ActionMustBeEnumRule: Rule {
    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "action-must-be-enum",
        name: "Action is not an enum",
        defaultSeverity: .error,
        summary: "The Action type must be an `enum` of every event the feature handles.",
        rationale: """
            An Action is an exhaustive `enum` of every event the feature handles. Only an enum \
            lets the reducer `switch` over every event and the compiler prove none is missed.
            """,
        triggeringExamples: [
            RuleExample(
                """
                struct ↓LoginAction {
                  var name: String
                  var payload: Any?
                }
                """, fileName: "LoginAction.swift"),
            RuleExample(
                """
                @Reducer
                struct CounterFeature {
                  @ObservableState
                  struct State: Equatable { var count = 0 }
                  struct ↓Action: Equatable {
                    var kind: String
                  }
                }
                """, fileName: "CounterFeature.swift"),
            RuleExample(
                """
                class ↓SearchAction {
                  let query: String
                  init(query: String) { self.query = query }
                }
                let searchReducer = Reducer<SearchState, SearchAction, SearchEnvironment> { state, action, environment in
                  .none
                }
                """, fileName: "SearchReducer.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                enum LoginAction: Equatable {
                  case emailChanged(String)
                  case loginButtonTapped
                  case loginResponse(Result<User, LoginError>)
                }
                struct LoginRequest { var email: String }
                """, fileName: "LoginAction.swift"),
            RuleExample(
                """
                @Reducer
                struct ContactsFeature {
                  @ObservableState
                  struct State: Equatable { var contacts: IdentifiedArrayOf<Contact> = [] }
                  enum Action {
                    case addButtonTapped
                    case destination(PresentationAction<Destination.Action>)
                    @CasePathable
                    enum Alert: Equatable { case confirmDeletion(id: Contact.ID) }
                  }
                  struct Payload { var id: Contact.ID }
                }
                """, fileName: "ContactsFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct AppFeature {
                  @ObservableState
                  struct State: Equatable { var tab = Tab.home }
                  @CasePathable
                  enum Action: BindableAction {
                    case binding(BindingAction<State>)
                    case tabSelected(Tab)
                  }
                  struct Tab: Hashable { static let home = Tab() }
                }
                """, fileName: "AppFeature.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.actions.filter { $0.kind != .enum }.map { action in
            RuleViolation(
                location: action.location,
                message: """
                    Action `\(action.nameInScope)` is a \(action.kind.rawValue); make it an `enum` with one case \
                    per event (`.loginButtonTapped`, `.emailChanged(String)`) so the reducer's `switch` \
                    is exhaustive
                    """)
        }
    }
}
