/// `environment-missing-main-queue`: a legacy Environment carries its main-queue scheduler.
public struct EnvironmentMissingMainQueueRule: Rule {
    /// Type-erased scheduler types that count as the Environment's scheduler.
    static let schedulerTypes: Set<String> = ["AnySchedulerOf", "AnyScheduler"]

    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "environment-missing-main-queue",
        name: "Environment without `mainQueue`",
        defaultSeverity: .warning,
        summary: "A legacy Environment should hold `mainQueue: AnySchedulerOf<DispatchQueue>`.",
        rationale: """
            Seed 004 (Environment checklist): the Environment "Includes `mainQueue: \
            AnySchedulerOf<DispatchQueue>`". Effects that hop to the main queue through an \
            injected scheduler can be driven by `.immediate` or a test scheduler; effects that \
            use `DispatchQueue.main` directly cannot be tested deterministically.
            """,
        dialects: [.legacy],
        triggeringExamples: [
            RuleExample(
                """
                struct ↓LoginEnvironment {
                  var loginUseCase: LoginUserUseCaseProtocol

                  static var mock: Self { Self(loginUseCase: MockLoginUseCase()) }
                  static var live: Self { Self(loginUseCase: Resolver.resolve()) }
                }
                """, fileName: "LoginEnvironment.swift"),
            RuleExample(
                """
                struct ↓SearchEnvironment {
                  var weatherClient: WeatherClient
                  var queue: DispatchQueue
                }
                """, fileName: "SearchEnvironment.swift"),
            RuleExample(
                """
                struct AppState: Equatable { var count = 0 }
                enum AppAction { case tapped }
                struct ↓AppEnvironment {
                  var uuid: () -> UUID
                  static var mainQueue: AnySchedulerOf<DispatchQueue> { .main }
                }
                let appReducer = Reducer<AppState, AppAction, AppEnvironment> { _, _, _ in .none }
                """, fileName: "AppReducer.swift"),
        ],
        nonTriggeringExamples: [
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
            let members = environment.properties.filter { !$0.isStatic }
            guard environment.holdsStoredProperties,
                !members.contains(where: Self.isScheduler)
            else { return nil }
            return RuleViolation(
                location: environment.location,
                message: """
                    Environment `\(environment.name)` has no main-queue scheduler; add \
                    `var mainQueue: AnySchedulerOf<DispatchQueue>` (`.main` in `.live`, \
                    `.immediate` in `.mock`) and receive effects on it
                    """)
        }
    }

    /// An erased scheduler of any kind (`AnySchedulerOf<RunLoop>` included, stored or
    /// computed), or a `mainQueue`.
    private static func isScheduler(_ property: PropertyDecl) -> Bool {
        guard let baseType = property.baseType else { return property.name == "mainQueue" }
        return schedulerTypes.contains(TypeName.unqualified(baseType))
    }
}
