/// `action-generic-case`: actions name what happened, never a generic "update".
public struct ActionGenericCaseRule: Rule {
    /// Case names that say nothing about what happened.
    public static let genericNames: Set<String> = [
        "update", "change", "set", "setState", "updateState", "setValue", "changeState",
        "mutate", "action", "event", "handle",
    ]

    private let names: WordSet

    public init(options: RuleOptions) {
        names = options.words("generic_names", default: Self.genericNames)
    }

    /// The cases to suggest: one per change of the feature's own State (`.nicknameChanged(String)`
    /// for `var nickname: String`, two at most), then a tap and a response; canned examples
    /// when the spec declares no State property with a written type.
    static func suggestedEvents(from states: [TypeDecl]) -> String {
        let changes = states.lazy.flatMap(\.storedProperties).compactMap { property -> String? in
            guard let type = property.type, !property.isConstant else { return nil }
            return "`.\(property.name)Changed(\(type.hasSuffix("?") ? String(type.dropLast()) : type))`"
        }.prefix(2)
        guard !changes.isEmpty else {
            return "`.emailChanged(String)`, `.saveButtonTapped`, `.profileResponse(Result<Profile, Error>)`"
        }
        return changes.joined(separator: ", ") + " for what it sets, `…ButtonTapped` for a tap, `…Response(Result<…, Error>)` for an answer"
    }

    public static let description = RuleDescription(
        id: "action-generic-case",
        name: "Generic action case",
        defaultSeverity: .error,
        summary: "Action cases must be explicit events, not generic setters like `.update`.",
        rationale: """
            Each Action case names the event it stands for, not a generic change \
            (`.update`, `.setState`). Generic cases hide intent from the reducer, \
            tests and logs, and let any caller mutate any state.
            Cases of the enums an Action nests and carries (`case view(View)`) count too; a \
            `Delegate` enum, which only tells the parent what happened, does not. \
            It has no fix: a case is renamed wherever it is sent and handled, across files, and \
            the right name is the event the feature means, which only its authors know.
            """,
        options: [
            RuleOptionDescription(key: "generic_names", summary: "Case names that count as generic.", defaults: genericNames.sorted())
        ],
        triggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct SettingsFeature {
                  @ObservableState
                  struct State: Equatable { var name = "" }
                  enum Action: ViewAction {
                    case view(View)
                    enum View { case ↓update(String), saveTapped }
                  }
                }
                """, fileName: "SettingsFeature.swift"),
            RuleExample(
                """
                enum LoginAction: Equatable {
                  case loginButtonTapped
                  case ↓update(LoginState)
                }
                """, fileName: "LoginAction.swift"),
            RuleExample(
                """
                @Reducer
                struct SettingsFeature {
                  @ObservableState
                  struct State: Equatable { var name = "" }
                  enum Action {
                    case ↓setState(State)
                    case ↓change(String, Any)
                  }
                }
                """, fileName: "SettingsFeature.swift"),
            RuleExample(
                """
                enum CounterAction {
                  case incrementTapped, ↓setValue(Int), ↓event(String)
                }
                """, fileName: "CounterAction.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                enum LoginAction: Equatable {
                  case emailChanged(String)
                  case loginButtonTapped
                  case loginResponse(Result<User, LoginError>)
                }
                """, fileName: "LoginAction.swift"),
            RuleExample(
                """
                @Reducer
                struct FormFeature {
                  @ObservableState
                  struct State: Equatable { var name = "" }
                  enum Action: BindableAction {
                    case binding(BindingAction<State>)
                    case updateProfileTapped
                  }
                }
                """, fileName: "FormFeature.swift"),
            RuleExample(
                """
                enum Event {
                  case update
                }
                enum CounterAction {
                  case settingsUpdated(Settings)
                }
                """, fileName: "CounterAction.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        let events = Self.suggestedEvents(from: feature.states)
        return feature.actionEnumsWithNested.flatMap { action in
            let cases = action.cases
            // By index, reading the fields it needs: a case passed whole is copied whole.
            return cases.indices.compactMap { index -> RuleViolation? in
                let name = cases[index].name
                guard names.contains(name) else { return nil }
                return RuleViolation(
                    location: cases[index].location,
                    message: """
                        Action case `.\(name)` in `\(action.nameInScope)` is generic; replace it \
                        with explicit cases that name the event (\(events))
                        """)
            }
        }
    }
}
