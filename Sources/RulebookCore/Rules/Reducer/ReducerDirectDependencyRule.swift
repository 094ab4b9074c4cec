/// `reducer-direct-dependency`: reducers reach dependencies through the Environment or
/// `@Dependency`, never through globals.
public struct ReducerDirectDependencyRule: Rule {
    /// Static members that hand out a shared instance.
    static let singletonMembers: Set<String> = ["shared", "standard", "default"]
    /// `.standard`/`.default` are also common names for plain values (`Settings.default`), so
    /// they count only on types named like a service object.
    static let serviceSuffixes = [
        "Manager", "Center", "Service", "Client", "Repository", "UseCase", "Provider", "Store", "Session",
        "Database", "Storage", "Cache", "Tracker", "Logger", "Container", "API",
    ]
    /// Types constructed inline that are dependencies.
    static let dependencySuffixes = ["Repository", "Service", "Client", "UseCase"]
    /// Suffixes of implementation types (`UserRepositoryImpl`, `APIClientLive`).
    static let implementationSuffixes = ["Implementation", "Impl", "Live"]
    /// Singletons `reducer-side-effect` reports (every use of these types is a side effect).
    static let sideEffectTypes: Set<String> = ["URLSession", "UserDefaults", "FileManager", "NotificationCenter"]

    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "reducer-direct-dependency",
        name: "Dependency reached directly from the reducer",
        defaultSeverity: .warning,
        summary: "Reducers use dependencies from the Environment or `@Dependency`, not `Resolver`, singletons or inline construction.",
        rationale: """
            Seed 004 (Reducer checklist and Dependency Injection): the reducer "Uses \
            `environment` for dependencies (NOT direct calls)"; the Environment is the primary \
            injection point, and Resolver (secondary, for global services) appears in the seed \
            only where the `.live` Environment is built. A \
            `Resolver.resolve()`, a `.shared` singleton or a `UserRepository()` built inside the \
            reducer cannot be replaced by `.mock` in tests or previews. `URLSession.shared`, \
            `UserDefaults.standard`, `FileManager.default` and `NotificationCenter.default` are \
            reported by `reducer-side-effect` instead.
            """,
        triggeringExamples: [
            RuleExample(
                """
                let loginReducer = Reducer<LoginState, LoginAction, LoginEnvironment> { state, action, environment in
                  switch action {
                  case .loginButtonTapped:
                    let useCase: LoginUserUseCaseProtocol = ↓Resolver.resolve()
                    return useCase.execute(state.email)
                      .receive(on: environment.mainQueue)
                      .catchToEffect(LoginAction.loginResponse)
                  case .loginResponse:
                    return .none
                  }
                }
                """, fileName: "LoginReducer.swift"),
            RuleExample(
                """
                @Reducer
                struct ProfileFeature {
                  @ObservableState
                  struct State: Equatable { var user: User? }
                  enum Action { case onAppear, userResponse(Result<User, Error>) }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .onAppear:
                        return .run { send in
                          ↓AnalyticsService.shared.track("profile_viewed")
                          let config = try await ↓RemoteConfigClient.shared.fetch().decode(Config.self)
                          await send(.userResponse(Result { try await ↓UserRepository().currentUser() }))
                        }
                      case let .userResponse(.success(user)):
                        state.user = user
                        return .none
                      case .userResponse(.failure):
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "ProfileFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct CheckoutFeature {
                  @ObservableState
                  struct State: Equatable { var total = 0 }
                  enum Action { case payTapped, paymentResponse(Result<Receipt, Error>) }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .payTapped:
                        let client = ↓PaymentsAPIClient(baseURL: ↓AppConfigurationManager.default.baseURL)
                        let useCase = ↓PayOrderUseCaseImpl()
                        return .run { [total = state.total] send in
                          await send(.paymentResponse(Result { try await useCase.execute(total, client) }))
                        }
                      case .paymentResponse:
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "CheckoutFeature.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                let loginReducer = Reducer<LoginState, LoginAction, LoginEnvironment> { state, action, environment in
                  switch action {
                  case .loginButtonTapped:
                    return environment.loginUseCase.execute(state.email)
                      .receive(on: environment.mainQueue)
                      .catchToEffect(LoginAction.loginResponse)
                  case .loginResponse:
                    return .none
                  }
                }
                extension LoginEnvironment {
                  static var live: Self {
                    Self(loginUseCase: Resolver.resolve(), mainQueue: .main)
                  }
                }
                """, fileName: "LoginReducer.swift"),
            RuleExample(
                """
                @Reducer
                struct ProfileFeature {
                  @ObservableState
                  struct State: Equatable { var user: User?; var settings = Settings.default; var style = ButtonStyleConfiguration.standard }
                  enum Action { case onAppear, userResponse(Result<User, Error>), resetTapped }
                  @Dependency(\\.userRepository) var userRepository
                  @Dependency(\\.analyticsService) var analytics
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .onAppear:
                        return .run { send in
                          await analytics.track("profile_viewed")
                          await send(.userResponse(Result { try await userRepository.currentUser() }))
                        }
                      case let .userResponse(.success(user)):
                        state.user = user
                        return .none
                      case .userResponse(.failure):
                        return .none
                      case .resetTapped:
                        state.settings = Settings.default
                        return .send(.onAppear, animation: .default)
                      }
                    }
                  }
                }
                """, fileName: "ProfileFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct SyncFeature {
                  @ObservableState
                  struct State: Equatable { var lastSync: Date? }
                  enum Action { case syncTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .syncTapped:
                        return .run { _ in
                          let data = try JSONEncoder().encode(ClientInfo(version: 1))
                          let request = URLRequest(url: URL(fileURLWithPath: "/tmp/sync"))
                          _ = (data, request, ServiceError.timeout)
                        }
                      }
                    }
                  }
                }
                """, fileName: "SyncFeature.swift"),
            RuleExample(
                """
                struct AppEnvironment {
                  var apiClient: APIClient
                  static let live = AppEnvironment(apiClient: APIClient.shared)
                }
                enum APIClientKey: DependencyKey {
                  static let liveValue = APIClientLive(session: .shared)
                }
                """, fileName: "AppEnvironment.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.reducers.flatMap { reducer in
            reducer.chainHeads { advice(for: $0) != nil }.compactMap { site in
                advice(for: site).map { RuleViolation(location: site.location, message: $0) }
            }
        }
    }

    /// The message for a site that reaches a dependency directly, or `nil`.
    private func advice(for site: CodeSite) -> String? {
        // Every finding needs a type at the root (`Resolver`, `Foo.shared`, `FooClient()`).
        guard site.mayStartWithType else { return nil }
        let parts = site.components
        guard let root = parts.first, !Self.sideEffectTypes.contains(root) else { return nil }
        let inject = "inject it through the Environment (legacy) or `@Dependency` (modern) so tests and previews can replace it"
        if root == "Resolver", CodeSite.isTypeRooted(parts, upTo: 1) {
            return "`\(site.displayName)` pulls a dependency from a global container inside the reducer; \(inject)"
        }
        if let index = parts.firstIndex(where: Self.singletonMembers.contains), CodeSite.isTypeRooted(parts, upTo: index),
            parts[index] == "shared" || Self.isServiceName(parts[index - 1])
        {
            let singleton = parts[...index].joined(separator: ".")
            return "`\(singleton)` reaches a singleton from the reducer; \(inject)"
        }
        let typeParts = parts.last == "init" ? parts.count - 1 : parts.count
        if site.kind == .call, CodeSite.isTypeRooted(parts, upTo: typeParts), Self.isDependencyName(parts[typeParts - 1]) {
            return "`\(parts[typeParts - 1])(…)` constructs a dependency inside the reducer; \(inject)"
        }
        return nil
    }

    private static func isServiceName(_ name: String) -> Bool {
        serviceSuffixes.contains { name.hasSuffix($0) }
    }

    private static func isDependencyName(_ name: String) -> Bool {
        var base = name
        if let suffix = implementationSuffixes.first(where: { name.hasSuffix($0) && name.count > $0.count }) {
            base = String(name.dropLast(suffix.count))
        }
        return dependencySuffixes.contains { base.hasSuffix($0) }
    }
}
