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
            Action covers every response from the system, failures included: \
            `.response(Result<T, Error>)`. A response case that only carries the success value \
            leaves failures unhandled or smuggled through other cases. A payload expresses \
            failure when it is a `Result`/`TaskResult`, a `Bool` (a yes-or-no answer, \
            `connectionConfirmation(Bool)`, is its own outcome; a `saveResponse(Bool)` that \
            drops the error is missed rather than the answer reported), an error, or a type of \
            the spec or the \
            project that can hold one (an enum with a failure case such as \
            `Loadable.failed(Error)`); a type merely named `…Result` is not enough. Not \
            reported: a case that is itself the failure (`receivedConnectionError(String)`), a \
            request whose answer is a longer-named case carrying a `Result` \
            (`fetchDownloadResponse(URL)` beside `fetchDownloadResponseDone(Result<…>)`), and a \
            response the spec shows cannot fail (a dependency of type `Effect<Settings, Never>` \
            or `() async -> Settings`). Cases of the enums an \
            Action nests and carries (`Action.Internal`) count too, a `Delegate` enum does not.
            """,
        options: [
            RuleOptionDescription(key: "response_suffixes", summary: "Case-name endings of system responses.", defaults: responseSuffixes),
            RuleOptionDescription(key: "response_prefixes", summary: "First camelCase words of system responses.", defaults: responsePrefixes),
            RuleOptionDescription(key: "system_event_words", summary: "Words that make a `didReceive…`/`received…` case a system notification, not a response.", defaults: systemEventWords),
        ],
        triggeringExamples: [
            RuleExample(
                """
                struct SearchResult: Equatable { var items: [Item] }
                enum SearchAction: Equatable {
                  case queryChanged(String)
                  case ↓searchResponse(SearchResult)
                }
                """, fileName: "SearchAction.swift"),
            RuleExample(
                """
                enum LoginAction: Equatable {
                  case loginButtonTapped
                  case ↓loginResponse(User)
                  case ↓profileResponse(Profile?)
                  case tokenRefreshFailed
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
                enum RecordMeetingAction {
                  case onTask
                  case speechFailure
                  case speechResult(SpeechRecognitionResult)
                }
                """, fileName: "RecordMeetingAction.swift"),
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
            RuleExample(
                """
                enum Loadable<Value> { case idle, loading, loaded(Value), failed(Error) }
                @Reducer
                struct SearchFeature {
                  struct State: Equatable { var results: Loadable<[Anime]> = .idle }
                  enum Action {
                    case searchResult(Loadable<[Anime]>)
                    case fetchDownloadResponse(URL)
                    case receivedConnectionConfirmation(Bool)
                    case fetchDownloadResponseDone(Result<URL, Error>)
                    case receivedConnectionError(String)
                  }
                }
                """, fileName: "SearchFeature.swift"),
            RuleExample(
                """
                struct UserNotificationsClient {
                  var getNotificationSettings: () -> Effect<Settings, Never>
                  struct Settings: Equatable { var authorizationStatus: Int }
                }
                enum SettingsAction: Equatable {
                  case notificationSettingsResponse(UserNotificationsClient.Settings)
                }
                """, fileName: "SettingsAction.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        // Only a feature with a response case needs to know which of its types can fail.
        var failableTypes: Set<String>?
        func failable() -> Set<String> {
            if let failableTypes { return failableTypes }
            let found = Set(feature.types.filter(FailureVocabulary.canHoldFailure).flatMap { [$0.name, $0.qualifiedName] }
                + (feature.project?.failableTypes ?? []))
            failableTypes = found
            return found
        }
        return feature.actionEnumsWithNested.flatMap { action in
            let cases = action.cases
            // By index, reading the fields it needs: a case passed whole is copied whole.
            return cases.indices.compactMap { index -> RuleViolation? in
                let name = cases[index].name
                let values = cases[index].associatedValues
                guard isResponse(name, values), !values.contains(where: { Self.expressesFailure($0.type, failable: failable()) }),
                    // `fetchDownloadResponse(URL)` asks; `fetchDownloadResponseDone(Result<…>)` answers.
                    !cases.contains(where: { $0.name.count > name.count && $0.name.hasPrefix(name)
                        && $0.associatedValues.contains { Self.expressesFailure($0.type, failable: failable()) } }),
                    !values.contains(where: { Self.isProducedWithoutFailure($0.type, in: feature) }),
                    // `speechResult(Transcript)` beside `speechFailure`: the failure has its own case.
                    !hasFailureSibling(name, among: cases)
                else { return nil }
                return RuleViolation(
                    location: cases[index].location,
                    message: """
                        Response case `.\(name)` in `\(action.nameInScope)` cannot express failure; \
                        carry the outcome as `.\(name)(Result<\(Self.successType(of: values)), Error>)` and handle \
                        `.success` and `.failure` in the reducer
                        """)
            }
        }
    }

    /// What the case carries now, as the `Result`'s success type: its one value's type, or a
    /// tuple of its values (`(items: [Item], page: Int)`).
    static func successType(of values: [AssociatedValue]) -> String {
        if values.count == 1, let value = values.first { return value.type }
        return "(" + values.map { ($0.label.map { "\($0): " } ?? "") + $0.type }.joined(separator: ", ") + ")"
    }

    /// Whether the case `name` with `associatedValues` is named as a system response that
    /// carries data: not a completion signal without payload (`decrementDelayResponse` after a
    /// clock sleep), not a notification, not itself the failure (`receivedConnectionError`).
    private func isResponse(_ name: String, _ associatedValues: [AssociatedValue]) -> Bool {
        guard !associatedValues.isEmpty, !FailureVocabulary.namesFailure(name) else { return false }
        let isSuffixResponse = ["response", "result"].contains(name) || suffixes.hasSuffix(in: name)
        let isReceived = prefixes.hasFirstWord(of: name) && !eventWords.contains { name.contains($0) }
        return isSuffixResponse || isReceived
    }

    /// Whether another case reports the failure of the response `name`: its subject (the name
    /// without its response ending) followed by a failure word (`speechResult` and
    /// `speechFailure`, `loadResponse` and `loadFailed`).
    private func hasFailureSibling(_ name: String, among cases: [EnumCaseDecl]) -> Bool {
        guard let ending = suffixes.words.first(where: { name.hasSuffix($0) }) else { return false }
        let subject = name.dropLast(ending.count)
        guard !subject.isEmpty else { return false }
        return cases.contains { $0.name.hasPrefix(subject) && FailureVocabulary.namesFailure(String($0.name.dropFirst(subject.count))) }
    }

    /// Whether a payload type can carry a failure: `Result`, `TaskResult`, a yes-or-no outcome
    /// (`connectionConfirmation(Bool)`: `false` says it failed), an error itself
    /// (`sendResponse(NSError?)`), a type of the spec or the project that can hold a failure
    /// (`Loadable<T>` with `.failed(Error)`), or a child feature's action (`QuizResult.Action`,
    /// which is no response). A type merely named `…Result` is not a `Result`.
    static func expressesFailure(_ written: String, failable: Set<String>) -> Bool {
        let qualified = TypeName.base(written)
        let base = TypeName.unqualified(qualified)
        return base == "Result" || base == "TaskResult" || base == "Bool" || FailureVocabulary.isError(written)
            || failable.contains(qualified) || written.contains("Action")
    }

    /// Whether the spec says the payload comes from a source that cannot fail: a dependency
    /// of type `Effect<Settings, Never>`, `AnyPublisher<Settings, Never>` or
    /// `() async -> Settings`. A response to it has no failure to carry.
    static func isProducedWithoutFailure(_ written: String, in feature: FeatureModel) -> Bool {
        let base = TypeName.unqualified(TypeName.base(written))
        if feature.project?.infallibleTypes.contains(where: { TypeName.unqualified($0) == base }) == true { return true }
        let forms = ["<\(base), Never>", ".\(base), Never>", "async -> \(base)"]
        return feature.types.contains { type in
            type.properties.contains { property in
                guard let type = property.type else { return false }
                return forms.contains { type.contains($0) } && !type.contains("throws")
            }
        }
    }
}
