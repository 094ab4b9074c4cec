/// `action-response-without-result`: system responses carry a `Result` so failures can be expressed.
public struct ActionResponseWithoutResultRule: Rule {
    /// Case-name endings of system responses (`loginResponse`).
    public static let responseSuffixes = ["Response", "Result"]
    /// First camelCase words of system responses (`didReceiveUser`, `receivedWeather`).
    public static let responsePrefixes = ["didReceive", "received"]
    /// Words that make a `didReceive…`/`received…` case a system notification, which cannot fail.
    public static let systemEventWords = ["Notification"]
    private let suffixes: AffixList
    private let prefixes: AffixList
    private let eventWords: [String]

    public init(options: RuleOptions) {
        suffixes = options.affixes("response_suffixes", default: Self.responseSuffixes)
        prefixes = options.affixes("response_prefixes", default: Self.responsePrefixes)
        eventWords = options.list("system_event_words", default: Self.systemEventWords)
    }

    public static let description = RuleDescription(
        id: "action-response-without-result",
        name: "Response action without Result",
        defaultSeverity: .warning,
        summary: "A system-response case with data must carry a `Result<…>`/`TaskResult<…>` so failures can be expressed.",
        rationale: """
            Seed 004 (Action checklist): Action "Covers ALL system responses \
            (`.response(Result<T, Error>)`)". A response case that only carries the success value \
            leaves failures unhandled or smuggled through other cases.
            """,
        options: [
            RuleOptionDescription(key: "response_suffixes", summary: "Case-name endings of system responses.", defaults: responseSuffixes),
            RuleOptionDescription(key: "response_prefixes", summary: "First camelCase words of system responses.", defaults: responsePrefixes),
            RuleOptionDescription(key: "system_event_words", summary: "Words that make a `didReceive…`/`received…` case a system notification, not a response.", defaults: systemEventWords),
        ],
        triggeringExamples: [
            RuleExample(
                """
                enum LoginAction: Equatable {
                  case loginButtonTapped
                  case ↓loginResponse(User)
                  case ↓saveResponse(Bool)
                }
                """, fileName: "LoginAction.swift"),
            RuleExample(
                """
                @Reducer
                struct CounterFeature {
                  @ObservableState
                  struct State: Equatable { var count = 0; var fact: String? }
                  enum Action {
                    case factButtonTapped
                    case ↓factResponse(String)
                    case ↓searchResult([Item])
                  }
                }
                """, fileName: "CounterFeature.swift"),
            RuleExample(
                """
                enum WeatherAction {
                  case refreshPulled
                  case ↓receivedWeather(Forecast)
                  case ↓didReceiveLocation(latitude: Double, longitude: Double)
                }
                """, fileName: "WeatherAction.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                enum LoginAction: Equatable {
                  case loginButtonTapped
                  case decrementDelayResponse
                  case loginResponse(Result<User, LoginError>)
                  case tokenResponse(TaskResult<Token>)
                  case response(Swift.Result<Data, any Error>?)
                  case sendResponse(NSError?)
                }
                """, fileName: "LoginAction.swift"),
            RuleExample(
                """
                @Reducer
                struct SearchFeature {
                  @ObservableState
                  struct State: Equatable { var results: [Item] = [] }
                  enum Action {
                    case searchResults([Item])
                    case searchResultTapped(Item.ID)
                    case quizResult(QuizResult.Action)
                    case scanResult(ScanResult)
                    case alert(PresentationAction<Alert>)
                    enum Alert { case retryResponse }
                  }
                }
                """, fileName: "SearchFeature.swift"),
            RuleExample(
                """
                enum AppDelegateAction {
                  case didFinishLaunching
                  case didReceiveMemoryWarning
                  case didReceiveRemoteNotification([AnyHashable: Any])
                  case didRegisterForRemoteNotifications(Result<Data, Error>)
                  case receiver(String)
                }
                """, fileName: "AppDelegateAction.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.actions.flatMap { action in
            let cases = action.cases
            // By index, reading the fields it needs: a case passed whole is copied whole.
            return cases.indices.compactMap { index -> RuleViolation? in
                let name = cases[index].name
                guard isUnresultedResponse(name, cases[index].associatedValues) else { return nil }
                return RuleViolation(
                    location: cases[index].location,
                    message: """
                        Response case `.\(name)` in `\(action.name)` cannot express failure; \
                        carry the outcome as `.\(name)(Result<Value, Error>)` and handle \
                        `.success` and `.failure` in the reducer
                        """)
            }
        }
    }

    /// Whether the case `name` with `associatedValues` is a response that cannot carry a failure.
    private func isUnresultedResponse(_ name: String, _ associatedValues: [AssociatedValue]) -> Bool {
        // A payload-less case (`decrementDelayResponse` after a clock sleep) is a completion
        // signal, not data that could have failed.
        guard !associatedValues.isEmpty else { return false }
        let isSuffixResponse = ["response", "result"].contains(name) || suffixes.hasSuffix(in: name)
        let isReceived = prefixes.hasFirstWord(of: name) && !eventWords.contains { ByteSearch.contains(name, $0) && name.contains($0) }
        guard isSuffixResponse || isReceived else { return false }
        return !associatedValues.contains { value in
            let base = TypeName.unqualified(TypeName.base(value.type))
            // `Result`, `TaskResult`, a domain `…Result` that may encode failure, or an error
            // itself (`sendResponse(NSError?)`); a child feature's action (`QuizResult.Action`)
            // is not a response.
            return ByteSearch.hasSuffix(base, "Result") || ByteSearch.hasSuffix(base, "Error") || (ByteSearch.contains(base, "Action") && base.contains("Action"))
        }
    }
}
