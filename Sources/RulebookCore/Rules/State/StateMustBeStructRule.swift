/// `state-must-be-struct`: State is a value type.
public struct StateMustBeStructRule: Rule {
    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "state-must-be-struct",
        name: "State is not a struct",
        defaultSeverity: .error,
        summary: "The State type must be a `struct` (an `enum` of states is fine), never a `class` or `actor`.",
        rationale: """
            State is a `struct` that conforms to `Equatable`: an immutable value of business \
            state. A reference type lets code outside \
            the reducer mutate State behind the Store's back and breaks equality checks in tests.
            """,
        triggeringExamples: [
            RuleExample(
                """
                final class ↓LoginState: Equatable {
                  var email = ""
                  static func == (lhs: LoginState, rhs: LoginState) -> Bool { lhs.email == rhs.email }
                }
                """, fileName: "LoginState.swift"),
            RuleExample(
                """
                @Reducer
                struct TimerFeature {
                  @ObservableState
                  final class ↓State {
                    var secondsElapsed = 0
                    var isTimerActive = false
                  }
                  enum Action { case toggleTimerButtonTapped, timerTicked }
                }
                """, fileName: "TimerFeature.swift"),
            RuleExample(
                """
                actor ↓DownloadState {
                  var progress = 0
                }
                let downloadReducer = Reducer<DownloadState, DownloadAction, DownloadEnvironment> { state, action, environment in
                  .none
                }
                """, fileName: "DownloadReducer.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                struct LoginState: Equatable {
                  var email = ""
                  var password = ""
                }
                final class LoginViewModel {}
                """, fileName: "LoginState.swift"),
            RuleExample(
                """
                @Reducer
                struct AppFeature {
                  @ObservableState
                  enum State: Equatable {
                    case login(Login.State)
                    case newGame(NewGame.State)
                  }
                  enum Action { case login(Login.Action), newGame(NewGame.Action) }
                }
                """, fileName: "AppFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct CounterFeature {
                  @ObservableState
                  struct State: Equatable { var count = 0 }
                  enum Action { case incrementButtonTapped }
                  @Dependency(\\.numberFact) var numberFact
                }
                final class NumberFactCache: @unchecked Sendable {
                  var facts: [Int: String] = [:]
                }
                """, fileName: "CounterFeature.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.states.filter { [.class, .actor].contains($0.kind) }.map { state in
            RuleViolation(
                location: state.location,
                message: """
                    State `\(state.nameInScope)` is \(state.kind == .class ? "a class" : "an actor"); make it a \
                    `struct` conforming to `Equatable` so it is a value only the reducer can mutate
                    """)
        }
    }
}
