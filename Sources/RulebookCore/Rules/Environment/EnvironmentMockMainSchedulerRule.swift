/// `environment-mock-main-scheduler`: test and preview environments use `.immediate`, not `.main`.
public struct EnvironmentMockMainSchedulerRule: Rule {
    /// Exact names of static members that build test or preview dependencies.
    static let testMemberNames: Set<String> = ["mock", "test", "preview", "testValue", "previewValue"]
    /// Types that build environments for previews and tests.
    static let setupTypes = ["PreviewProvider", "XCTestCase"]
    /// Dependency-key protocols whose `testValue` / `previewValue` are checked (modern dialect).
    static let dependencyKeyProtocols: Set<String> = ["DependencyKey", "TestDependencyKey"]

    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "environment-mock-main-scheduler",
        name: "`.main` scheduler in `.mock`",
        defaultSeverity: .error,
        summary: "The `.mock` (and test/preview) environment must pass `.immediate`, not `.main`, as its scheduler.",
        rationale: """
            The `.mock` Environment comes with an `.immediate` scheduler for tests; a `.main` \
            scheduler in `.mock` makes effects hop to the next run-loop turn, so tests have to \
            wait and become flaky. Use \
            `.immediate` for deterministic tests. Checked in test code too: that is where test \
            environments are built, and so are environments built inline from mocks in test \
            cases and previews (`LoginEnvironment(loginUseCase: MockLoginUseCase(), mainQueue: \
            .main)`, or with stubs written in place: `fetch: { _ in .none }`); a preview of the \
            live app (`.live` clients) may run on the main queue. \
            The fix replaces `main` with `immediate` (`mainQueue: .immediate`, \
            `DispatchQueue.immediate.eraseToAnyScheduler()`); it changes when the mock's effects \
            run, as the rule says it must.
            """,
        appliesToTestCode: true,
        triggeringExamples: [
            RuleExample(
                """
                import XCTest
                final class LoginTests: XCTestCase {
                  func testLogin() {
                    let store = TestStore(
                      initialState: LoginState(), reducer: loginReducer,
                      environment: LoginEnvironment(loginUseCase: MockLoginUseCase(), mainQueue: .↓main))
                    store.send(.loginButtonTapped)
                  }
                }
                struct LoginView_Previews: PreviewProvider {
                  static var previews: some View {
                    LoginView(store: Store(initialState: LoginState(), reducer: loginReducer,
                      environment: .init(loginUseCase: .mock, mainQueue: DispatchQueue.↓main.eraseToAnyScheduler())))
                  }
                }
                """, fileName: "Tests/LoginTests.swift"),
            RuleExample(
                """
                struct LoginEnvironment {
                  var loginUseCase: LoginUserUseCaseProtocol
                  var mainQueue: AnySchedulerOf<DispatchQueue>

                  static var mock: Self {
                    Self(loginUseCase: MockLoginUseCase(), mainQueue: .↓main)
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
                  static func mock(weatherClient: WeatherClient = .mock) -> Self {
                    Self(weatherClient: weatherClient, mainQueue: DispatchQueue.↓main.eraseToAnyScheduler())
                  }
                  static let preview = Self(weatherClient: .mock, mainQueue: .↓main)
                }
                """, fileName: "SearchEnvironment.swift"),
            RuleExample(
                """
                struct AppState: Equatable { var count = 0 }
                enum AppAction { case tapped }
                struct AppEnvironment {
                  var mainQueue: AnySchedulerOf<DispatchQueue>
                  static var mockFailing: Self {
                    var environment = Self(mainQueue: .immediate)
                    environment.mainQueue = .↓main
                    return environment
                  }
                }
                let appReducer = Reducer<AppState, AppAction, AppEnvironment> { _, _, _ in .none }
                """, fileName: "AppReducer.swift"),
            RuleExample(
                """
                struct SpeechClient {
                  var recognize: @Sendable (URL) async throws -> String
                  var queue: AnySchedulerOf<DispatchQueue>
                }
                extension SpeechClient: TestDependencyKey {
                  static let testValue = Self(recognize: unimplemented("recognize"), queue: .↓main)
                }
                """, fileName: "SpeechClient.swift"),
            RuleExample(
                """
                struct GalleryView_Previews: PreviewProvider {
                  static var previews: some View {
                    GalleryView(store: Store(initialState: GalleryState(), reducer: galleryReducer,
                      environment: GalleryEnvironment(mainQueue: .↓main, fetch: { _ in .none })))
                  }
                }
                """, fileName: "GalleryView.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                struct AppView_Previews: PreviewProvider {
                  static var previews: some View {
                    AppView(store: Store(initialState: AppState(), reducer: appReducer,
                      environment: AppEnvironment(apiClient: .live, mainQueue: .main)))
                  }
                }
                """, fileName: "AppView.swift"),
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
                  static func mock(scheduler: TestSchedulerOf<DispatchQueue>) -> Self {
                    Self(weatherClient: .mock, mainQueue: scheduler.eraseToAnyScheduler())
                  }
                  static let live = Self(weatherClient: .live, mainQueue: DispatchQueue.main.eraseToAnyScheduler())
                }
                """, fileName: "SearchEnvironment.swift"),
            RuleExample(
                """
                struct ResourcesEnvironment {
                  var bundle: Bundle
                  var mainQueue: AnySchedulerOf<DispatchQueue>
                  static let mock = Self(bundle: .main, mainQueue: .immediate)
                  static let preview = Self(bundle: Bundle.main, mainQueue: .immediate)
                }
                """, fileName: "ResourcesEnvironment.swift"),
            RuleExample(
                """
                @Reducer
                struct TimerFeature {
                  @ObservableState
                  struct State: Equatable { var secondsElapsed = 0 }
                  enum Action { case onAppear, timerTicked }
                  @Dependency(\\.mainQueue) var mainQueue
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .onAppear:
                        return .run { send in
                          for await _ in mainQueue.timer(interval: .seconds(1)) { await send(.timerTicked) }
                        }
                      case .timerTicked:
                        state.secondsElapsed += 1
                        return .none
                      }
                    }
                  }
                }
                extension WeatherClient: DependencyKey {
                  static let liveValue = Self.live(queue: .main)
                  static let testValue = Self(forecast: unimplemented("forecast"))
                }
                """, fileName: "TimerFeature.swift"),
        ],
        corrections: [
            RuleCorrection(
                RuleExample(
                    """
                    struct SearchEnvironment {
                      var weatherClient: WeatherClient
                      var mainQueue: AnySchedulerOf<DispatchQueue>
                    }
                    extension SearchEnvironment {
                      static func mock(weatherClient: WeatherClient = .mock) -> Self {
                        Self(weatherClient: weatherClient, mainQueue: DispatchQueue.↓main.eraseToAnyScheduler())
                      }
                      static let preview = Self(weatherClient: .mock, mainQueue: .↓main)
                    }
                    """, fileName: "SearchEnvironment.swift"),
                """
                struct SearchEnvironment {
                  var weatherClient: WeatherClient
                  var mainQueue: AnySchedulerOf<DispatchQueue>
                }
                extension SearchEnvironment {
                  static func mock(weatherClient: WeatherClient = .mock) -> Self {
                    Self(weatherClient: weatherClient, mainQueue: DispatchQueue.immediate.eraseToAnyScheduler())
                  }
                  static let preview = Self(weatherClient: .mock, mainQueue: .immediate)
                }
                """),
            RuleCorrection(
                RuleExample(
                    """
                    import XCTest
                    final class LoginTests: XCTestCase {
                      func testLogin() {
                        let store = TestStore(
                          initialState: LoginState(), reducer: loginReducer,
                          environment: LoginEnvironment(loginUseCase: MockLoginUseCase(), mainQueue: .↓main))
                        store.send(.loginButtonTapped)
                      }
                    }
                    """, fileName: "Tests/LoginTests.swift"),
                """
                import XCTest
                final class LoginTests: XCTestCase {
                  func testLogin() {
                    let store = TestStore(
                      initialState: LoginState(), reducer: loginReducer,
                      environment: LoginEnvironment(loginUseCase: MockLoginUseCase(), mainQueue: .immediate))
                    store.send(.loginButtonTapped)
                  }
                }
                """),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        let owners = feature.environments + feature.types.filter { type in
            Self.dependencyKeyProtocols.contains { type.conforms(to: $0) }
        }
        // Previews and test cases: every member, where the front end recorded `.main` passed to
        // an environment built from mocks.
        let setup = feature.types.filter { type in Self.setupTypes.contains { type.conforms(to: $0) } }
        var seen: Set<SourceLocation> = []
        return (owners.map { ($0, true) } + setup.map { ($0, false) }).flatMap { owner, testMembersOnly in
            let properties = owner.properties.filter { !testMembersOnly || ($0.isStatic && Self.isTestMember($0.name)) }
                .map { ($0.name, $0.mainSchedulerUses) }
            let methods = owner.methods.filter { !testMembersOnly || ($0.isStatic && Self.isTestMember($0.name)) }
                .map { ($0.name, $0.mainSchedulerUses) }
            return (properties + methods).flatMap { name, uses in
                uses.filter { seen.insert($0).inserted }.map { use in
                    RuleViolation(
                        location: use,
                        message: """
                            `\(owner.name).\(name)` passes a `.main` scheduler; use `.immediate` \
                            (`mainQueue: .immediate`) or a `TestScheduler` so tests run \
                            deterministically without waiting for the main queue
                            """,
                        fix: ProposedFix(
                            summary: "use the `.immediate` scheduler", replacements: use.pointer == nil ? [.init(use, with: "immediate")] : [],
                            patch: use.pointer.map { [JSONPatchOperation(op: .replace, path: $0, value: .boolean(false))] } ?? []))
                }
            }
        }
    }

    /// `mock`, `mock…` (`mockFailing`), `test`, `preview`, `testValue`, `previewValue`.
    private static func isTestMember(_ name: String) -> Bool {
        testMemberNames.contains(name) || name.hasPrefix("mock")
    }
}
