/// `environment-missing-main-queue`: a legacy Environment carries its main-queue scheduler.
public struct EnvironmentMissingMainQueueRule: Rule {
    /// Type-erased scheduler types that count as the Environment's scheduler.
    static let schedulerTypes: Set<String> = ["AnySchedulerOf", "AnyScheduler"]
    /// Methods and operators that schedule work on a scheduler or a queue.
    static let schedulingCalls: Set<String> = [
        "receive", "subscribe", "debounce", "throttle", "delay", "timeout", "timer", "schedule", "asyncAfter", "deferred",
    ]
    /// Types whose use schedules work on a queue or run loop.
    static let schedulingTypes: Set<String> = ["DispatchQueue", "RunLoop", "OperationQueue"]

    /// Whether to report only features whose reducers schedule work.
    private let onlyWhenScheduling: Bool

    public init(options: RuleOptions) {
        onlyWhenScheduling = options.string("report", default: nil) != "always"
    }

    public static let description = RuleDescription(
        id: "environment-missing-main-queue",
        name: "Environment without `mainQueue`",
        defaultSeverity: .warning,
        summary: "A legacy Environment should hold `mainQueue: AnySchedulerOf<DispatchQueue>`.",
        rationale: """
            The Environment injects its main-queue scheduler as `mainQueue: \
            AnySchedulerOf<DispatchQueue>`. Effects that hop to the main queue through an \
            injected scheduler can be driven by `.immediate` or a test scheduler; effects that \
            use `DispatchQueue.main` directly cannot be tested deterministically. Reported when \
            the feature's reducers schedule work (`receive(on:)`, `debounce`, `delay`, \
            `throttle`, timers, `DispatchQueue`/`RunLoop`) without an injected scheduler: a \
            feature that schedules nothing has nothing to drive with `.immediate`, and a \
            `mainQueue` it never uses is noise (`report: always` asks it of every Environment). \
            Only the reducers that name the Environment (`Reducer<S, A, Environment>`) count: \
            a child's empty Environment is not blamed for its parent's debounce.
            """,
        dialects: [.legacy],
        options: [
            RuleOptionDescription(
                key: "report",
                summary: "`scheduling`: only Environments of features whose reducers schedule work; `always`: every Environment.",
                kind: .choice(["scheduling", "always"]), default: .string("scheduling"))
        ],
        triggeringExamples: [
            RuleExample(
                """
                struct ↓AppEnvironment {}
                let appReducer = Reducer<AppState, AppAction, AppEnvironment> { state, action, _ in
                  switch action {
                  case .circleTapped:
                    state.isScaled = true
                    return Effect(value: .resetScale).delay(for: 1, scheduler: DispatchQueue.main).eraseToEffect()
                  case .resetScale:
                    state.isScaled = false
                    return .none
                  }
                }
                """, fileName: "AppReducer.swift"),
            RuleExample(
                """
                struct ↓LoginEnvironment {
                  var loginUseCase: LoginUserUseCaseProtocol

                  static var mock: Self { Self(loginUseCase: MockLoginUseCase()) }
                  static var live: Self { Self(loginUseCase: Resolver.resolve()) }
                }
                let loginReducer = Reducer<LoginState, LoginAction, LoginEnvironment> { state, action, environment in
                  switch action {
                  case .loginTapped:
                    return environment.loginUseCase.login(state.email)
                      .receive(on: DispatchQueue.main)
                      .catchToEffect(LoginAction.loginResponse)
                  case .loginResponse:
                    return .none
                  }
                }
                """, fileName: "LoginReducer.swift"),
            RuleExample(
                """
                struct ↓SearchEnvironment {
                  var weatherClient: WeatherClient
                  var queue: DispatchQueue
                }
                let searchReducer = Reducer<SearchState, SearchAction, SearchEnvironment> { state, action, environment in
                  struct SearchID: Hashable {}
                  return environment.weatherClient.search(state.query)
                    .debounce(id: SearchID(), for: 0.3, scheduler: environment.queue)
                    .catchToEffect(SearchAction.searchResponse)
                }
                """, fileName: "SearchReducer.swift"),
            RuleExample(
                """
                struct AppState: Equatable { var count = 0 }
                enum AppAction { case tapped }
                struct ↓AppEnvironment {
                  var uuid: () -> UUID
                  static var mainQueue: AnySchedulerOf<DispatchQueue> { .main }
                }
                let appReducer = Reducer<AppState, AppAction, AppEnvironment> { _, _, _ in
                  Effect(value: .tapped).delay(for: 1, scheduler: AppEnvironment.mainQueue).eraseToEffect()
                }
                """, fileName: "AppReducer.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                struct TodoEnvironment {}
                let todoReducer = Reducer<Todo, TodoAction, TodoEnvironment> { todo, action, _ in
                  switch action {
                  case let .textChanged(text):
                    todo.text = text
                    return .none
                  }
                }
                struct AppEnvironment {
                  var mainQueue: AnySchedulerOf<DispatchQueue>
                  static let live = AppEnvironment(mainQueue: .main)
                  static let mock = AppEnvironment(mainQueue: .immediate)
                }
                let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
                  todoReducer.forEach(state: \\.todos, action: /AppAction.todo, environment: { _ in TodoEnvironment() }),
                  Reducer { state, action, environment in
                    struct SortID: Hashable {}
                    return Effect(value: .sortCompletedTodos)
                      .debounce(id: SortID(), for: 1, scheduler: environment.mainQueue)
                  }
                )
                """, fileName: "Todos.swift"),
            RuleExample(
                """
                struct LogsEnvironment {
                  var fileClient: FileClient
                  static let mock = LogsEnvironment(fileClient: .mock)
                }
                let logsReducer = Reducer<LogsState, LogsAction, LogsEnvironment> { state, action, environment in
                  switch action {
                  case .onAppear:
                    return environment.fileClient.fetchLogs().catchToEffect(LogsAction.logsLoaded)
                  case let .logsLoaded(result):
                    state.logs = (try? result.get()) ?? []
                    return .none
                  }
                }
                """, fileName: "LogsReducer.swift"),
            RuleExample(
                """
                struct LoginEnvironment {
                  var loginUseCase: LoginUserUseCaseProtocol
                  var mainQueue: AnySchedulerOf<DispatchQueue>

                  static var mock: Self {
                    Self(loginUseCase: MockLoginUseCase(), mainQueue: .immediate)
                  }
                }
                """, fileName: "LoginEnvironment.swift"),
            RuleExample(
                """
                struct TimerEnvironment {
                  var mainRunLoop: AnySchedulerOf<RunLoop>
                }
                """, fileName: "TimerEnvironment.swift"),
            RuleExample(
                """
                struct AppEnvironment {
                  var mainQueue: AnySchedulerOf<DispatchQueue> { AnySchedulerOf<DispatchQueue>.main }
                  let database: Database
                }
                let appReducer = Reducer<AppState, AppAction, AppEnvironment> { _, _, _ in .none }
                """, fileName: "AppReducer.swift"),
            RuleExample(
                """
                struct WebSocketEnvironment {
                  var mainQueue: AnyScheduler<DispatchQueue.SchedulerTimeType, DispatchQueue.SchedulerOptions>
                  var webSocket: WebSocketClient
                }
                """, fileName: "WebSocketEnvironment.swift"),
            RuleExample(
                """
                struct CounterState: Equatable { var count = 0 }
                enum CounterAction { case incrementButtonTapped }
                struct CounterEnvironment {}
                let counterReducer = Reducer<CounterState, CounterAction, CounterEnvironment> { state, _, _ in
                  state.count += 1
                  return .none
                }
                """, fileName: "CounterReducer.swift"),
            RuleExample(
                """
                @Reducer
                struct TimerFeature {
                  @ObservableState
                  struct State: Equatable { var secondsElapsed = 0 }
                  enum Action { case toggleTimerButtonTapped, timerTicked }
                  @Dependency(\\.continuousClock) var clock
                  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
                }
                """, fileName: "TimerFeature.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.environments.compactMap { environment -> RuleViolation? in
            guard !onlyWhenScheduling || Self.schedules(Self.reducers(using: environment, in: feature)) else { return nil }
            // An empty Environment too, when its feature schedules: it has nowhere to inject a
            // scheduler. (With `report: always`, only one that holds dependencies.)
            let members = environment.properties.filter { !$0.isStatic }
            guard environment.kind != .protocol, environment.holdsStoredProperties || onlyWhenScheduling,
                !members.contains(where: Self.isScheduler)
            else { return nil }
            return RuleViolation(
                location: environment.location,
                message: """
                    Environment `\(environment.nameInScope)` has no main-queue scheduler; add \
                    `var mainQueue: AnySchedulerOf<DispatchQueue>` (`.main` in `.live`, \
                    `.immediate` in `.mock`) and receive effects on it
                    """)
        }
    }

    /// The reducers that name `environment` as theirs (`Reducer<S, A, Environment>`); every
    /// reducer of the feature when none names its Environment.
    static func reducers(using environment: TypeDecl, in feature: FeatureModel) -> [ReducerFacts] {
        let named = feature.reducers.filter { [environment.name, environment.qualifiedName].contains($0.environmentType) }
        return named.isEmpty && !feature.reducers.contains(where: { $0.environmentType != nil }) ? feature.reducers : named
    }

    /// Whether `reducers` schedule work: a scheduling operator, or a queue or run loop used by
    /// name.
    static func schedules(_ reducers: [ReducerFacts]) -> Bool {
        reducers.contains { reducer in
            reducer.sites.contains { site in
                let parts = site.components
                return (site.kind == .call && parts.last.map(schedulingCalls.contains) == true)
                    || parts.contains(where: schedulingTypes.contains)
            }
        }
    }

    /// An erased scheduler of any kind (`AnySchedulerOf<RunLoop>` included, stored or
    /// computed), or a `mainQueue`.
    private static func isScheduler(_ property: PropertyDecl) -> Bool {
        guard let baseType = property.baseType else { return property.name == "mainQueue" }
        return schedulerTypes.contains(TypeName.unqualified(baseType))
    }
}
