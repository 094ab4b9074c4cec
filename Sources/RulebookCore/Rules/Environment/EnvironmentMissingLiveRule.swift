/// `environment-missing-live`: every legacy Environment ships a `.live` for the app.
public struct EnvironmentMissingLiveRule: Rule {
    private let children: ChildEnvironments

    public init(options: RuleOptions) {
        children = ChildEnvironments(options)
    }

    public static let description = RuleDescription(
        id: "environment-missing-live",
        name: "Environment without `.live`",
        defaultSeverity: .warning,
        summary: "A legacy Environment should provide a static `live` member wiring the real dependencies.",
        rationale: """
            A feature's Environment provides a `.live` variant, beside `.mock`, that wires the \
            production dependencies. Without `.live` every call site that \
            builds the Store wires production dependencies by hand, and they drift apart. A \
            child feature's environment that its parent builds from its own in a pullback \
            (`.pullback(…, environment: { ChildEnvironment(client: $0.client) })`) is wired \
            once, there, from the parent's `.live`: it is exempt unless `child_environments: \
            report`. A `.live` added by an extension in another file counts (`rulebook check` \
            reads every file it is given).
            """,
        dialects: [.legacy],
        options: [
            ChildEnvironments.option(
                "`exempt`: an environment a parent builds from its own needs no `.live`; `report`: it does.")
        ],
        triggeringExamples: [
            RuleExample(
                """
                struct ↓LoginEnvironment {
                  var loginUseCase: LoginUserUseCaseProtocol
                  var mainQueue: AnySchedulerOf<DispatchQueue>

                  static var mock: Self {
                    Self(loginUseCase: MockLoginUseCase(), mainQueue: .immediate)
                  }
                }
                """, fileName: "LoginEnvironment.swift"),
            RuleExample(
                """
                struct ↓SearchEnvironment {
                  var weatherClient: WeatherClient
                  var mainQueue: AnySchedulerOf<DispatchQueue>
                }
                extension SearchEnvironment {
                  static let mock = Self(weatherClient: .mock, mainQueue: .immediate)
                  static var liveWeather: WeatherClient { .live }
                }
                """, fileName: "SearchEnvironment.swift"),
            RuleExample(
                """
                struct AppState: Equatable { var count = 0 }
                enum AppAction { case tapped }
                struct ↓AppEnvironment {
                  var uuid: () -> UUID
                  var live: Bool
                  static let mock = AppEnvironment(uuid: UUID.incrementing, live: false)
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
                  static var live: Self {
                    Self(loginUseCase: Resolver.resolve(), mainQueue: .main)
                  }
                }
                """, fileName: "LoginEnvironment.swift"),
            RuleExample(
                """
                struct SearchEnvironment {
                  var weatherClient: WeatherClient
                  var mainQueue: AnySchedulerOf<DispatchQueue>
                }
                extension SearchEnvironment {
                  static func live(weatherClient: WeatherClient = .live) -> Self {
                    Self(weatherClient: weatherClient, mainQueue: .main)
                  }
                }
                """, fileName: "SearchEnvironment.swift"),
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
                struct SearchFeature {
                  @ObservableState
                  struct State: Equatable { var query = "" }
                  enum Action { case queryChanged(String) }
                  @Dependency(\\.weatherClient) var weatherClient
                  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
                }
                """, fileName: "SearchFeature.swift"),
            RuleExample(
                """
                struct HomeEnvironment {
                  var client: HomeClient
                  var mainQueue: AnySchedulerOf<DispatchQueue>
                }
                let homeReducer = Reducer<HomeState, HomeAction, HomeEnvironment> { _, _, _ in .none }
                struct AppEnvironment {
                  var homeClient: HomeClient
                  var mainQueue: AnySchedulerOf<DispatchQueue>
                  static let live = AppEnvironment(homeClient: .live, mainQueue: .main)
                  static let mock = AppEnvironment(homeClient: .mock, mainQueue: .immediate)
                }
                let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
                  homeReducer.pullback(
                    state: \\.home, action: /AppAction.home,
                    environment: { HomeEnvironment(client: $0.homeClient, mainQueue: $0.mainQueue) })
                )
                """, fileName: "AppReducer.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.environments.compactMap { environment -> RuleViolation? in
            guard environment.holdsStoredProperties, !feature.hasStaticMember("live", on: environment),
                children.reported || !feature.isDerivedFromParent(environment)
            else { return nil }
            return RuleViolation(
                location: environment.location,
                message: """
                    Environment `\(environment.nameInScope)` has no `.live`; add `static var live: Self` \
                    that wires the production UseCases and `mainQueue: .main` in one place
                    """)
        }
    }
}
