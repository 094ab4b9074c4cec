/// `reducer-direct-dependency`: reducers reach dependencies through the Environment or
/// `@Dependency`, never through globals.
public struct ReducerDirectDependencyRule: Rule {
    /// Static members that hand out a shared instance (`UIPasteboard.general` too), as
    /// `reducer-side-effect` knows them.
    static let singletonMembers = ReducerSideEffectRule.singletonMembers
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
    /// Singletons `reducer-side-effect` reports outside effects (every use of these types is
    /// a side effect there); inside an effect they are this rule's. `NotificationCenter` is
    /// that rule's only when it posts (``reportedAsSideEffect(_:)``).
    static let sideEffectTypes = ReducerSideEffectRule.systemTypes.union(["NotificationCenter"])

    /// Whether `reducer-side-effect` reports a site of a system singleton outside effects: any
    /// use of ``ReducerSideEffectRule/systemTypes``, a post of `NotificationCenter`; its
    /// publishers and observers (`NotificationCenter.default.publisher(for:)` returned as the
    /// effect) are this rule's wherever they are.
    private static func reportedAsSideEffect(_ parts: [String]) -> Bool {
        guard let root = parts.first, sideEffectTypes.contains(root) else { return false }
        return root != "NotificationCenter" || parts.last?.hasPrefix("post") == true
    }
    /// Suffix of request types that, built and run inline (`FeedRequest(page: 1).response()`),
    /// reach the network without an injected client.
    static let requestSuffix = "Request"
    /// Request values of the system frameworks, data rather than dependencies.
    static let valueRequests: Set<String> = ["URLRequest", "NSURLRequest"]

    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "reducer-direct-dependency",
        name: "Dependency reached directly from the reducer",
        defaultSeverity: .warning,
        summary: "Reducers use dependencies from the Environment or `@Dependency`, not `Resolver`, singletons or inline construction.",
        rationale: """
            The reducer gets its dependencies from its `environment`, never by direct calls: the \
            Environment is the injection point, and a container such as Resolver is used \
            only where the `.live` Environment is built. A container asked for a dependency \
            (`Resolver.resolve()`, `DIContainer.resolve(…)`, a global Swinject `container` or one \
            the reducer type keeps in a static property), a \
            `.shared` or `.current` singleton, or a `UserRepository()` built inside the \
            reducer cannot be replaced by `.mock` in tests or previews, and neither can a \
            request built and run inline (`FeedRequest(page: 1).response()`, `…Request(…).effect`; \
            a request handed to a client, `apiClient.send(LoginRequest(…))`, is fine). \
            `URLSession.shared`, `UserDefaults.standard`, `FileManager.default` and \
            `NotificationCenter.default` used directly in the body are reported by \
            `reducer-side-effect`; inside an effect they are this rule's. A type built inline \
            counts by its name (`…Repository`, `…Client`, `…UseCase`) only when the project \
            declares it and not as an enum of values: a `RelayService(name:url:)` model from a \
            package is a value, and a `PaymentService(rawValue:)` case is one too. The reducer \
            type's setup code is the reducer's too: a container asked, a singleton kept or a \
            service built in its initializer or in its `body` around the reducers it composes \
            (`Scope(…) { HomeFeature(useCase: DIContainer.resolve(…)) }`), or as the value a \
            stored property starts with (`private let pasteboard = UIPasteboard.general`), is as \
            fixed as one in the body; a dependency passed in (`init(useCase:)`) is injected.
            """,
        triggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct FeedFeature {
                  @ObservableState
                  struct State: Equatable { var items: [Item] = [] }
                  enum Action { case refreshTapped, loaded(Result<[Item], Error>) }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .refreshTapped:
                        return .run { send in
                          let (data, _) = try await ↓URLSession.shared.data(from: URL(string: "https://example.com/feed")!)
                          let cached = ↓FileManager.default.contents(atPath: "/tmp/feed")
                          let token = ↓UserDefaults.standard.string(forKey: "token")
                          _ = try await ↓UNUserNotificationCenter.current().requestAuthorization(options: [.badge])
                          await send(.loaded(Result { try await ↓FeedRequest(page: 1).response() }))
                          _ = (data, cached, token)
                        }
                      case .loaded:
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "FeedFeature.swift"),
            RuleExample(
                """
                let loginReducer = Reducer<LoginState, LoginAction, LoginEnvironment> { state, action, environment in
                  switch action {
                  case .loginButtonTapped:
                    let useCase: LoginUserUseCaseProtocol = ↓Resolver.resolve()
                    return useCase.execute(state.email)
                      .receive(on: environment.mainQueue)
                      .catchToEffect(LoginAction.loginResponse)
                  case .onAppear:
                    return ↓NotificationCenter.default.publisher(for: UIApplication.didBecomeActiveNotification)
                      .map { _ in LoginAction.becameActive }
                      .eraseToEffect()
                  case .loginResponse, .becameActive:
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
                """, fileName: "ProfileFeature.swift",
                elsewhere: [("Data/UserRepository.swift", "final class UserRepository { func currentUser() async throws -> User { User() } }")]),
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
                """, fileName: "CheckoutFeature.swift",
                elsewhere: [
                    ("Payments/PaymentsAPIClient.swift", "struct PaymentsAPIClient { var baseURL: URL }"),
                    ("Payments/PayOrderUseCaseImpl.swift", "final class PayOrderUseCaseImpl {}"),
                ]),
            RuleExample(
                """
                @Reducer
                struct TabsFeature {
                  @ObservableState
                  struct State: Equatable { var home = HomeFeature.State() }
                  enum Action { case home(HomeFeature.Action) }
                  private let payService: PayService
                  private let calendar = ↓Calendar.current
                  private let tracker = ↓DIContainer.resolve(Tracker.self)
                  init() {
                    payService = ↓DIContainer.resolve(PayService.self)
                  }
                  var body: some ReducerOf<Self> {
                    Scope(state: \\.home, action: \\.home) {
                      HomeFeature(useCase: ↓DIContainer.resolve(FetchHomeUseCase.self), client: ↓APIClient.shared)
                    }
                  }
                }
                """, fileName: "TabsFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct PayCoordinator {
                  private static var container: Container { AppAssembly.container }
                  @Reducer
                  enum Path {
                    case transfer(PayTransfer)
                    static var body: some ReducerOf<Self> {
                      Scope(state: \\.transfer, action: \\.transfer) {
                        PayTransfer(payService: ↓container.resolve())
                      }
                    }
                  }
                  @ObservableState
                  struct State: Equatable { var path = StackState<Path.State>() }
                  enum Action { case path(StackActionOf<Path>) }
                  var body: some ReducerOf<Self> {
                    Reduce { _, _ in .none }.forEach(\\.path, action: \\.path)
                  }
                }
                """, fileName: "PayCoordinator.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct LoginFeature {
                  @ObservableState
                  struct State: Equatable { var email = "" }
                  enum Action { case loginTapped, loggedIn(Result<User, Error>) }
                  @Dependency(\\.apiClient) var apiClient
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .loginTapped:
                        return .run { [email = state.email] send in
                          var request = URLRequest(url: URL(string: "https://example.com/login")!)
                          request.httpMethod = "POST"
                          await send(.loggedIn(Result { try await apiClient.send(LoginRequest(email: email), request) }))
                        }
                      case .loggedIn:
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "LoginFeature.swift"),
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
                  struct State: Equatable { var lastSync: Date?; var title = "" }
                  enum Action { case syncTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .syncTapped:
                        state.title = Date.current(format: .short)
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
                @Reducer
                struct TabsFeature {
                  @ObservableState
                  struct State: Equatable { var home = HomeFeature.State() }
                  enum Action { case home(HomeFeature.Action) }
                  private let useCase: FetchHomeUseCase
                  init(useCase: FetchHomeUseCase) {
                    self.useCase = useCase
                  }
                  var body: some ReducerOf<Self> {
                    Scope(state: \\.home, action: \\.home) {
                      HomeFeature(useCase: useCase)
                    }
                  }
                }
                """, fileName: "TabsFeature.swift"),
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
        (feature.reducers + feature.setups).flatMap { reducer in
            // Calls whose value a chain goes on with (`FeedRequest(…)` in `FeedRequest(…).response()`).
            let continued = Set(reducer.sites.compactMap { site -> String? in
                guard let end = site.path.range(of: "().", options: .backwards) else { return nil }
                return String(site.path[..<end.lowerBound])
            })
            let values = Set((feature.project?.caseEnums ?? []).map(TypeName.unqualified))
                .union(feature.types.filter { $0.kind == .enum && !$0.cases.isEmpty }.map(\.name))
            let reducers = Set((feature.project?.reducerTypes ?? []).map(TypeName.unqualified))
            let statics = Self.staticProperties(around: reducer.ownerType, in: feature)
            let known = Known(
                values: values, reducers: reducers, project: feature.project, declared: Set(feature.types.map(\.name)), statics: statics)
            let advice = { (site: CodeSite) in
                self.advice(for: site, isContinued: continued.contains(site.path), inSetup: reducer.isSetup, known: known)
            }
            return reducer.chainHeads { advice($0) != nil }.compactMap { site in
                advice(site).map { RuleViolation(location: site.location, message: $0) }
            }
        }
    }

    /// The static properties of a reducer's own type and of the types it is nested in, which
    /// its code reaches by bare name.
    private static func staticProperties(around owner: String?, in feature: FeatureModel) -> Set<String> {
        guard let owner else { return [] }
        let around = feature.types.filter { $0.qualifiedName == owner || owner.hasPrefix($0.qualifiedName + ".") }
        return Set(around.flatMap { $0.properties.filter(\.isStatic).map(\.name) })
    }

    /// What the spec and the project tell about the types a reducer builds.
    private struct Known {
        /// The enums of the spec and the project: values whatever their names
        /// (`PaymentService(rawValue:)` picks a case).
        var values: Set<String>
        /// The reducer types the spec declares or mentions: features, whatever their names
        /// (a child `AddNewRelayService()` built in `body`).
        var reducers: Set<String>
        var project: ProjectContext?
        /// The types the spec declares.
        var declared: Set<String>
        /// The static properties of the reducer's own type and the types around it: globals
        /// its code reaches by bare name (`container.resolve()` of a `static var container: Container`).
        var statics: Set<String>

        /// Whether `type`, named like a dependency, is one the app declares: a type from a
        /// package the project does not hold (a `RelayService` model of an SDK) is not judged
        /// by its name once the project is known.
        func mayBeDependency(_ type: String) -> Bool {
            guard !values.contains(type), !reducers.contains(type) else { return false }
            guard let project else { return true }
            return declared.contains(type) || project.typeLayers[type] != nil
        }
    }

    /// The message for a site that reaches a dependency directly, or `nil`. `isContinued`:
    /// a chain goes on from the site's value; `inSetup`: the site is the reducer type's setup
    /// code (``FeatureModel/setups``), where a system singleton is kept, not used.
    private func advice(for site: CodeSite, isContinued: Bool, inSetup: Bool, known: Known) -> String? {
        let inject = "inject it through the Environment (legacy) or `@Dependency` (modern) so tests and previews can replace it"
        // A container asked for a dependency (`Resolver.resolve()`, `DIContainer.resolve(…)`,
        // a global `container.resolve(…)` of Swinject's `Container`): a service locator.
        if site.kind == .call, let last = site.components.last, last == "resolve", site.components.count > 1,
            let root = site.components.first,
            root.first?.isUppercase == true || known.project?.globalValueTypes[root] != nil || known.statics.contains(root)
        {
            return "`\(site.displayName)` pulls a dependency from a global container inside the reducer; \(inject)"
        }
        // Every other finding needs a type at the root (`Foo.shared`, `FooClient()`).
        guard site.mayStartWithType else { return nil }
        let parts = site.components
        guard parts.first != nil, site.insideEffect || inSetup || !Self.reportedAsSideEffect(parts) else { return nil }
        // A singleton is reached without arguments (`UNUserNotificationCenter.current()`); a
        // static function that takes some (`Date.current(type: .short)`) computes a value.
        // `Action.shared` of an enum of cases (a case path, `/Action.shared`) is a case, not a singleton.
        if let index = parts.firstIndex(where: Self.singletonMembers.contains), CodeSite.isTypeRooted(parts, upTo: index),
            !known.values.contains(parts[index - 1]),
            index < parts.count - 1 || site.kind != .call || site.argumentLabels.isEmpty,
            parts[index] == "shared" || Self.isServiceName(parts[index - 1]) || Self.sideEffectTypes.contains(parts[index - 1])
                // `.current` of the system (`UIDevice.current`, `Locale.current`), not an app
                // type's own current value (`Language.current`).
                || (parts[index] == "current" && known.project?.typeLayers[parts[index - 1]] == nil && !known.declared.contains(parts[index - 1]))
        {
            let singleton = parts[...index].joined(separator: ".")
            return "`\(singleton)` reaches a singleton from the reducer; \(inject)"
        }
        let typeParts = parts.last == "init" ? parts.count - 1 : parts.count
        guard site.kind == .call, CodeSite.isTypeRooted(parts, upTo: typeParts) else { return nil }
        let type = parts[typeParts - 1]
        if Self.isDependencyName(type), known.mayBeDependency(type) {
            return "`\(type)(…)` constructs a dependency inside the reducer; \(inject)"
        }
        if isContinued, type.hasSuffix(Self.requestSuffix), type != Self.requestSuffix, !Self.valueRequests.contains(type) {
            return "`\(type)(…)` builds and runs a request inside the reducer, out of reach of tests and previews; send it through an injected client (\(inject))"
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
