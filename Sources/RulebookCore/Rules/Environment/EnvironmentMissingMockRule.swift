/// `environment-missing-mock`: every legacy Environment ships a `.mock` for tests.
public struct EnvironmentMissingMockRule: Rule {
    private let children: ChildEnvironments

    public init(options: RuleOptions) {
        children = ChildEnvironments(options)
    }

    public static let description = RuleDescription(
        id: "environment-missing-mock",
        name: "Environment without `.mock`",
        defaultSeverity: .error,
        summary: "A legacy Environment must provide a static `mock` member for tests and previews.",
        rationale: """
            A feature's Environment provides a `.mock` variant, with an `.immediate` scheduler \
            for tests, beside `.live`; a missing `.mock` Environment breaks testing, because every \
            test has to assemble \
            its dependencies by hand. A child feature's environment that only its parent \
            builds, from its own in a pullback, gets its test dependencies from the parent's \
            `.mock`: it is exempt unless a test or a preview builds it directly (then that \
            code needs a `.mock`: by name, or in place with `environment: .init(…)` for the \
            reducer that takes it), or a parent builds it without its own (`environment: { _ \
            in … }`), or `child_environments: report`. A `.mock` added by an extension in \
            another file counts. A parent is any reducer that scopes the child with a closure \
            from its environment (`pullback`, `forEach`, an app's own combinator), whatever \
            builds the child's reducer value (`Reducer<S, A, E>`, `Reducer.combine([…])`, a \
            `typealias` of `Reducer`), and TCA's `SystemEnvironment<E>` wraps the environment `E`.
            """,
        dialects: [.legacy],
        options: [
            ChildEnvironments.option(
                "`exempt`: an environment only a parent builds, from its own, needs no `.mock`; `report`: it does.")
        ],
        triggeringExamples: [
            RuleExample(
                """
                struct ↓HomeEnvironment {
                  var client: HomeClient
                }
                let homeReducer = Reducer<HomeState, HomeAction, HomeEnvironment> { _, _, _ in .none }
                let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
                  homeReducer.pullback(state: \\.home, action: /AppAction.home, environment: { .init(client: $0.homeClient) })
                )
                struct HomeView_Previews: PreviewProvider {
                  static var previews: some View {
                    HomeView(store: Store(initialState: HomeState(), reducer: homeReducer, environment: HomeEnvironment(client: .live)))
                  }
                }
                """, fileName: "HomeStore.swift"),
            RuleExample(
                """
                struct ↓LoginEnvironment {
                  var loginUseCase: LoginUserUseCaseProtocol
                  var mainQueue: AnySchedulerOf<DispatchQueue>

                  static var live: Self {
                    Self(loginUseCase: Resolver.resolve(), mainQueue: .main)
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
                  static let live = Self(weatherClient: .live, mainQueue: .main)
                  static var mockWeather: WeatherClient { .mock }
                }
                """, fileName: "SearchEnvironment.swift"),
            RuleExample(
                """
                struct AppState: Equatable { var count = 0 }
                enum AppAction { case tapped }
                struct ↓AppEnvironment {
                  var uuid: () -> UUID
                  var mock: Bool
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
                  static func mock(weatherClient: WeatherClient = .failing) -> Self {
                    Self(weatherClient: weatherClient, mainQueue: .immediate)
                  }
                }
                """, fileName: "SearchEnvironment.swift"),
            RuleExample(
                """
                struct CounterState: Equatable { var count = 0 }
                enum CounterAction { case incrementButtonTapped, decrementButtonTapped }
                struct CounterEnvironment {}
                let counterReducer = Reducer<CounterState, CounterAction, CounterEnvironment> { state, action, _ in
                  switch action {
                  case .incrementButtonTapped:
                    state.count += 1
                    return .none
                  case .decrementButtonTapped:
                    state.count -= 1
                    return .none
                  }
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
            RuleExample(
                """
                struct TabBarEnvironment {
                  var deviceClient: DeviceClient
                }
                let tabBarReducer = Reducer<TabBarState, TabBarAction, TabBarEnvironment> { _, _, _ in .none }
                let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
                  tabBarReducer.pullback(
                    state: \\.tabBar, action: /AppAction.tabBar,
                    environment: { .init(deviceClient: $0.deviceClient) })
                )
                """, fileName: "AppReducer.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.environments.compactMap { environment -> RuleViolation? in
            guard environment.holdsStoredProperties, !feature.hasStaticMember("mock", on: environment),
                children.reported || !feature.isDerivedFromParent(environment) || feature.isBuiltDirectly(environment)
            else { return nil }
            return RuleViolation(
                location: environment.location,
                message: """
                    Environment `\(environment.nameInScope)` has no `.mock`; add \
                    `static var mock: Self` built from mock UseCases and `mainQueue: .immediate` \
                    so tests and previews get deterministic dependencies
                    """)
        }
    }
}
