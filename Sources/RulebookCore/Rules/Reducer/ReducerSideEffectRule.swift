/// `reducer-side-effect`: the reducer body is a pure function; side effects run in Effects.
public struct ReducerSideEffectRule: Rule {
    /// Logging functions.
    static let loggingCalls: Set<String> = ["print", "NSLog", "debugPrint", "dump", "os_log", "os_signpost"]
    /// Names of loggers whose methods, called as statements, write a log (`logger.warning(…)`,
    /// `Logger.log(…)`).
    static let loggers: Set<String> = ["logger", "Logger", "log"]
    /// Methods that run a reducer (`base.reduce(into: &state, action: action)`): a reducer that
    /// runs another one it stores composes it, which is no side effect.
    static let reducerRuns: Set<String> = ["reduce", "_reduce"]

    /// Whether a path component (`reduce`, or `reduce()` when a chain goes on) runs a reducer.
    private static func runsAReducer(_ component: String) -> Bool {
        reducerRuns.contains(component.hasSuffix("()") ? String(component.dropLast(2)) : component)
    }
    /// Types whose `init(contentsOf:)` reads a file or a URL.
    static let contentReaders: Set<String> = ["Data", "String", "NSData", "NSString"]
    /// System types whose every use touches the outside world (`NotificationCenter` only
    /// through `post`): the network, the defaults, the disk, the pasteboard, other apps.
    public static let systemTypes: Set<String> = [
        "URLSession", "UserDefaults", "FileManager", "NSPasteboard", "UIPasteboard", "NSWorkspace", "UIApplication",
    ]
    /// Members through which a type hands out its one shared instance.
    static let singletonMembers: Set<String> = ["shared", "standard", "default", "general", "current"]
    /// Types of loggers: a global of one (`let loggerGlobal = Logger(label:)`) writes a log.
    static let loggerTypes: Set<String> = ["Logger", "OSLog"]

    /// Whether a path rooted at a system type uses its API: a call (`UIApplication.shared.open(…)`),
    /// or a value read through its shared instance (`UIPasteboard.general.string`); not a
    /// constant of the type (`UIApplication.openSettingsURLString`) or a type nested in it
    /// (`UserDefaults.Keys.all`).
    static func usesSystemAPI(_ parts: [String], kind: CodeSiteKind) -> Bool {
        if parts.count > 1, parts[1].first?.isUppercase == true { return false }
        return kind == .call || parts.contains(where: singletonMembers.contains)
    }

    /// Callees that start unstructured concurrency (all rooted at `Task`).
    static let taskCalls: Set<String> = ["Task", "Task.init", "Task.detached"]
    /// The standard library's calls that read the system's random source (`Int.random(in:)`,
    /// `items.randomElement()`, `items.shuffled()`).
    public static let randomAPIs: Set<String> = ["random", "randomElement", "shuffled", "shuffle"]
    /// TCA's own types: a statement calling one of their static functions
    /// (`Effect.cancel(id:)` left unreturned) is a mistake of another kind, not a side effect.
    static let composableArchitectureTypes: Set<String> = [
        "Effect", "EffectTask", "EffectPublisher", "EffectOf", "Reduce", "Scope", "Reducer", "AnyReducer", "Store", "ViewStore",
    ]
    /// `DispatchQueue` methods that schedule work.
    static let dispatchMethods: Set<String> = ["async", "asyncAfter", "sync"]
    /// Initialisers that read the clock or a random source when called without arguments,
    /// with the dependency that replaces them.
    static let nondeterministicInitializers: [String: String] = [
        "Date": "`@Dependency(\\.date.now)` or an environment `now` closure",
        "UUID": "`@Dependency(\\.uuid)` or an environment `uuid` closure",
    ]

    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "reducer-side-effect",
        name: "Side effect in the reducer body",
        defaultSeverity: .error,
        summary: "Side effects run inside an Effect closure, never directly in the reducer body.",
        rationale: """
            The reducer is a pure function: its body only changes State, and any side effect or \
            async work goes in the `Effect<Action>` it returns. Work done \
            directly in the body (logging, including `os_log`, the methods of a logger, a value whose \
            name or type says it is one, `logger.notice(…)`, `sharedLogger.logError(…)`, and the \
            members of the app's own logger that write one, `Log.trace(…)`; \
            networking; persistence and file reads such as `Data(contentsOf:)`; notifications; \
            dispatching; `Task { }`; reading the clock, `Date()`, `Date.now` or an implicit \
            `.now`, or a random source; calling a dependency, or anything else the reducer type \
            stores, for its side effect, other than running a reducer it wraps: \
            `base.reduce(into: &state, action: action)`; calling a static function of a type from \
            outside the project for its side effect, `FirebaseApp.configure()`, its result unused; \
            using a member of the app's own types whose body does one of these, itself or through \
            the members and property wrappers it uses: `UserSettings.nickname` kept in \
            `UserDefaults`, `DraftArchive.load()` reading a file, `state.player.start()`, a nested \
            type's initializer that reads the clock, `CoachFeature.State()`; calling a \
            method of an object State holds by reference, a class or actor of the app, its result \
            unused: `state.mapManager.moveCamera(to:)` changes an object every copy of State \
            shares, outside State; setting a property of anything but State: a static of a type or \
            of its shared instance, `NoteDraft.shared.memo = memo`, `DeepLinks.pending = nil`, or \
            a property of what the reducer type stores or depends on, `pasteboard.string = text`, \
            `storage.isOnboarded = true`, which compiles only on an object since the reducer is a \
            value; a local value the body builds, `request.httpMethod = "POST"`, is its own) \
            escapes TCA's testing and cancellation; inside `.run { }`, `Effect { }`, \
            `.task { }`, `.fireAndForget { }` it is fine, and so is any closure that is part of \
            what the reducer returns (an app's own effect helper, `return .exec { … }`, or a \
            Combine operator's closure): it runs when the effect runs. A method of the reducer \
            type that the reducer calls (`configure()`, `self.save(url)`) runs where it is \
            called: in the body, what it does is the body's; from an effect, the effect's. A \
            logger's member is called on its type or its shared instance (`Log.trace(…)`, whose \
            body, or a member of the same type it calls, writes the log); other types' members \
            that only log on the way are not reported (`state.cart.add(item)` printing while it \
            works): a model's debugging output is not what the reducer asks of it.
            """,
        triggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct AppLockFeature {
                  @ObservableState
                  struct State: Equatable { var lockedAt: Date?; var isExpired = false; var config: Data? }
                  enum Action { case becameInactive, loadConfig }
                  let deps = Deps()
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .becameInactive:
                        state.lockedAt = ↓.now
                        state.isExpired = ↓Date.now.timeIntervalSince(state.lockedAt ?? .now) > 60
                        ↓os_log("became inactive")
                        ↓logger.notice("locked")
                        ↓deps.log("locked")
                        ↓Analytics.logEvent("locked", parameters: nil)
                        return .none
                      case .loadConfig:
                        state.config = try? ↓Data(contentsOf: URL(fileURLWithPath: "/tmp/config"))
                        ↓UIPasteboard.general.string = "copied"
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "AppLockFeature.swift"),
            RuleExample(
                """
                let loginReducer = Reducer<LoginState, LoginAction, LoginEnvironment> { state, action, environment in
                  switch action {
                  case .loginButtonTapped:
                    ↓print("login tapped")
                    ↓environment.analytics.track("login_tapped")
                    ↓UserDefaults.standard.set(state.email, forKey: "lastEmail")
                    state.isLoading = true
                    return environment.login(state.email)
                      .receive(on: environment.mainQueue)
                      .catchToEffect(LoginAction.loginResponse)
                  case .loginResponse:
                    state.isLoading = false
                    return .none
                  }
                }
                """, fileName: "LoginReducer.swift"),
            RuleExample(
                """
                @Reducer
                struct TodosFeature {
                  @ObservableState
                  struct State: Equatable { var todos: IdentifiedArrayOf<Todo> = [] }
                  enum Action { case addTodoButtonTapped, saveButtonTapped }
                  @Dependency(\\.todosClient) var todosClient
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .addTodoButtonTapped:
                        state.todos.insert(Todo(id: ↓UUID(), createdAt: ↓Date()), at: 0)
                        return .none
                      case .saveButtonTapped:
                        ↓Task {
                          try await todosClient.save(state.todos)
                          print("saved")
                        }
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "TodosFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct FeedFeature {
                  @ObservableState
                  struct State: Equatable { var items: [Item] = []; var seed = 0 }
                  enum Action { case refreshTapped, shuffleTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .refreshTapped:
                        ↓URLSession.shared.dataTask(with: URL(string: "https://example.com/feed")!) { _, _, _ in
                        }.resume()
                        ↓NotificationCenter.default.post(name: .feedRefreshed, object: nil)
                        return .none
                      case .shuffleTapped:
                        state.seed = ↓Int.random(in: 0...100)
                        ↓DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                          state.items.shuffle()
                        }
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "FeedFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct ProfileFeature {
                  @ObservableState
                  struct State: Equatable { var user: User? }
                  enum Action { case onAppear }
                  @Dependency(\\.analytics) var analytics
                  @Dependency(\\.userClient) var userClient
                  private func handleOnAppear(_ state: inout State) -> Effect<Action> {
                    ↓self.analytics.track(.screenViewed("profile"))
                    state.user = ↓await userClient.currentUser()
                    return .none
                  }
                }
                """, fileName: "ProfileFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct NicknameFeature {
                  @ObservableState
                  struct State: Equatable { var nickname = ""; var drafts: [String] = []; var coach: CoachFeature.State? }
                  enum Action { case onAppear, openCoach, openMonth(Date) }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .onAppear:
                        state.nickname = ↓UserSettings.nickname
                        state.drafts = ↓DraftArchive.load()
                        return .none
                      case .openCoach:
                        state.coach = ↓CoachFeature.State()
                        return .none
                      case let .openMonth(month):
                        state.coach = CoachFeature.State(month: month)
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "NicknameFeature.swift",
                elsewhere: [
                    ("Coach/CoachFeature.swift", """
                    @Reducer
                    struct CoachFeature {
                      @ObservableState
                      struct State: Equatable {
                        var month: Date
                        init() { month = Date() }
                        init(month: Date) { self.month = month }
                      }
                      enum Action { case refresh }
                      var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
                    }
                    """),
                    ("Settings/UserSettings.swift", """
                    enum UserSettings { @UserDefault("nickname") static var nickname: String }
                    @propertyWrapper struct UserDefault {
                      let key: String
                      init(_ key: String) { self.key = key }
                      var wrappedValue: String {
                        get { UserDefaults.standard.string(forKey: key) ?? "" }
                        nonmutating set { UserDefaults.standard.set(newValue, forKey: key) }
                      }
                    }
                    """),
                    ("Drafts/DraftArchive.swift", """
                    enum DraftArchive {
                      static func load() -> [String] { read().map { String(decoding: $0, as: UTF8.self) } }
                      private static func read() -> [Data] { [FileManager.default.contents(atPath: "/tmp/drafts")].compactMap { $0 } }
                    }
                    """),
                ]),
            RuleExample(
                """
                @Reducer
                struct CartFeature {
                  @ObservableState
                  struct State: Equatable { var cart = Cart() }
                  enum Action { case addTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .addTapped:
                        ↓Log.trace("add tapped", category: .view)
                        ↓Log.debug("cart", state.cart.items.count)
                        ↓Log.debug("add tapped")
                        ↓sharedLogger.logError("cart full")
                        state.cart.add("apple")
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "CartFeature.swift",
                elsewhere: [
                    ("Core/Log.swift", """
                    import OSLog
                    enum Log {
                      enum Category { case view; var osLogger: Logger { Logger(subsystem: "app", category: "view") } }
                      static func trace(_ message: String, category: Category) { category.osLogger.log("\\(message)") }
                      static func debug(_ message: Any, _ arguments: Any..., file: String = #file) { write(message, arguments, file: file) }
                      private static func write(_ message: Any, _ arguments: [Any], file: String) { Category.view.osLogger.debug("\\(file)") }
                    }
                    struct Cart: Equatable {
                      var items: [String] = []
                      mutating func add(_ item: String) { items.append(item); print("added", item) }
                    }
                    """),
                ]),
            RuleExample(
                """
                @Reducer
                struct SpotMapFeature {
                  @ObservableState
                  struct State { var mapManager: MapManager; var layers: [MapLayer] = []; var route = Route(); var title = "" }
                  enum Action { case spotTapped(Coordinate) }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case let .spotTapped(coordinate):
                        ↓state.mapManager.moveCamera(to: coordinate)
                        ↓state.mapManager.clearMarkers()
                        state.title = state.mapManager.title(at: coordinate)
                        state.route.advance(to: coordinate)
                        state.layers.append(MapLayer())
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "SpotMapFeature.swift",
                elsewhere: [
                    ("Map/MapManager.swift", """
                    final class MapManager {
                      private var markers: [Coordinate] = []
                      func moveCamera(to coordinate: Coordinate) { markers.append(coordinate) }
                      func clearMarkers() { markers.removeAll() }
                      func title(at coordinate: Coordinate) -> String { "\\(coordinate)" }
                    }
                    final class MapLayer {}
                    struct Route { var stops: [Coordinate] = []; mutating func advance(to stop: Coordinate) { stops.append(stop) } }
                    struct Coordinate { var latitude = 0.0, longitude = 0.0 }
                    """),
                ]),
            RuleExample(
                """
                @Reducer
                struct NoteFeature {
                  @ObservableState
                  struct State: Equatable { var memo = "" }
                  enum Action { case saveTapped, copyTapped, linkHandled }
                  private let pasteboard = UIPasteboard.general
                  @Dependency(\\.storage) var storage
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .saveTapped:
                        ↓NoteDraft.shared.memo = state.memo
                        ↓storage.isOnboarded = true
                        var request = URLRequest(url: URL(string: "https://example.com/notes")!)
                        request.httpMethod = "POST"
                        state.memo = ""
                        return .none
                      case .copyTapped:
                        ↓pasteboard.string = state.memo
                        return .none
                      case .linkHandled:
                        ↓DeepLinks.pending = nil
                        return .run { [memo = state.memo] _ in NoteDraft.shared.memo = memo }
                      }
                    }
                  }
                }
                """, fileName: "NoteFeature.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct SignUpFeature {
                  @ObservableState
                  struct State: Equatable { var email = "" }
                  enum Action { case submitTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .submitTapped:
                        EmailRules.normalize(&state.email)
                        return .run { _ in Analytics.logEvent("submitted", parameters: nil) }
                      }
                    }
                  }
                }
                """, fileName: "SignUpFeature.swift",
                elsewhere: [("SignUp/EmailRules.swift", "enum EmailRules { static func normalize(_ email: inout String) { email = email.lowercased() } }")]),
            RuleExample(
                """
                @Reducer
                struct DraftsFeature {
                  @ObservableState
                  struct State: Equatable { var drafts: [String] = []; var title = "" }
                  enum Action { case onAppear, loaded([String]) }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .onAppear:
                        state.title = TitleFormatter.title(for: state.drafts)
                        return .run { send in await send(.loaded(DraftArchive.load())) }
                      case let .loaded(drafts):
                        state.drafts = drafts
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "DraftsFeature.swift",
                elsewhere: [
                    ("Drafts/TitleFormatter.swift", """
                    enum TitleFormatter {
                      static func title(for drafts: [String]) -> String {
                        print("formatting", drafts.count)
                        return "\\(drafts.count) drafts"
                      }
                    }
                    """),
                    ("Drafts/DraftArchive.swift", """
                    enum DraftArchive { static func load() -> [String] { FileManager.default.subpaths(atPath: "/tmp/drafts") ?? [] } }
                    """),
                ]),
            RuleExample(
                """
                struct Combined<Base: Reducer>: Reducer {
                  let base: Base
                  let reduce: (inout Base.State, Base.Action) -> Effect<Base.Action>
                  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
                    self.base.reduce(into: &state, action: action)
                      .merge(with: self.reduce(&state, action))
                  }
                }
                """, fileName: "Combined.swift"),
            RuleExample(
                """
                @Reducer
                struct SyncFeature {
                  @ObservableState
                  struct State: Equatable { var isSyncing = false }
                  enum Action { case syncTapped, syncFinished }
                  @Dependency(\\.syncClient) var syncClient
                  func reduce(into state: inout State, action: Action) -> Effect<Action> {
                    switch action {
                    case .syncTapped:
                      state.isSyncing = true
                      return .exec { send in
                        await syncClient.start()
                        print("synced at", Date())
                        await send(.syncFinished)
                      }
                    case .syncFinished:
                      state.isSyncing = false
                      return .none
                    }
                  }
                }
                """, fileName: "SyncFeature.swift"),
            RuleExample(
                """
                let loginReducer = Reducer<LoginState, LoginAction, LoginEnvironment> { state, action, environment in
                  switch action {
                  case .loginButtonTapped:
                    state.isLoading = true
                    return environment.client.login(state.email)
                      .map { environment.session.store($0) }
                      .receive(on: environment.mainQueue)
                      .catchToEffect()
                      .map(LoginAction.loginResponse)
                  case .logoutTapped:
                    return .fireAndForget {
                      print("logout")
                      environment.analytics.track("logout")
                      UserDefaults.standard.removeObject(forKey: "token")
                    }
                  case let .loginResponse(.success(user)):
                    state.user = user
                    state.lastLogin = environment.now()
                    state.requestId = environment.uuid()
                    return .none
                  case .loginResponse(.failure):
                    state.isLoading = false
                    return .none
                  }
                }
                """, fileName: "LoginReducer.swift"),
            RuleExample(
                """
                @Reducer
                struct TimerFeature {
                  @ObservableState
                  struct State: Equatable { var secondsElapsed = 0; var isRunning = false; var startedAt: Date? }
                  enum Action { case toggleTimerButtonTapped, timerTicked }
                  enum CancelID { case timer }
                  @Dependency(\\.continuousClock) var clock
                  @Dependency(\\.date.now) var now
                  @Dependency(\\.uuid) var uuid
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .toggleTimerButtonTapped:
                        state.isRunning.toggle()
                        state.startedAt = now
                        guard state.isRunning else { return .cancel(id: CancelID.timer) }
                        return .run { send in
                          for await _ in clock.timer(interval: .seconds(1)) {
                            await send(.timerTicked, animation: .default)
                          }
                        }
                        .cancellable(id: CancelID.timer)
                      case .timerTicked:
                        state.secondsElapsed += 1
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "TimerFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct NumberFactFeature {
                  @ObservableState
                  struct State: Equatable { var count = 0; var fact: String?; var id: UUID? }
                  enum Action { case factButtonTapped, factResponse(Result<String, Error>) }
                  @Dependency(\\.numberFact) var numberFact
                  @Dependency(\\.withRandomNumberGenerator) var withRandomNumberGenerator
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .factButtonTapped:
                        state.id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")
                        state.count = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
                        return .run { [count = state.count] send in
                          await send(.factResponse(Result { try await numberFact.fetch(count) }))
                        }
                      case let .factResponse(.success(fact)):
                        state.fact = fact
                        return .none
                      case .factResponse(.failure):
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "NumberFactFeature.swift"),
            RuleExample(
                """
                let searchReducer = Reducer<SearchState, SearchAction, SearchEnvironment> { state, action, environment in
                  switch action {
                  case let .queryChanged(query):
                    state.query = query
                    return Effect.task {
                      await .searchResponse(TaskResult { try await environment.search(query) })
                    }
                    .debounce(id: SearchID.self, for: 0.3, scheduler: environment.mainQueue)
                  case let .searchResponse(.success(results)):
                    state.results = results.sorted { $0.name < $1.name }
                    state.results.removeAll { $0.isHidden }
                    return .none
                  case .searchResponse(.failure):
                    return Effect(value: .clearTapped)
                  case .clearTapped:
                    state.updatedAt = Date(timeIntervalSince1970: 0)
                    return .none
                  }
                }
                """, fileName: "SearchReducer.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        guard !feature.reducers.isEmpty else { return [] }
        // What the feature and its project say, the same for each of its reducers.
        let caseNames = Set(feature.project?.enumCaseNames ?? []).union(feature.types.flatMap { $0.cases.map(\.name) })
        let projectTypes = feature.project.map { Set($0.typeLayers.keys).union(feature.types.map(\.name)) }
        let memberEffects = MemberEffectIndex(feature.project?.effectfulMembers ?? [:])
        let loggingMembers = MemberEffectIndex(feature.project?.loggingMembers ?? [:])
        let heldReferences = Self.heldReferences(in: feature)
        return feature.reducers.flatMap { reducer in
            let context = Context(
                dependencies: reducer.dependencyNames, topLevel: reducer.topLevelSiteIds, caseNames: caseNames,
                globalTypes: feature.project?.globalValueTypes ?? [:], projectTypes: projectTypes, memberEffects: memberEffects,
                loggingMembers: loggingMembers, heldReferences: heldReferences,
                heldTypes: memberEffects.isEmpty ? [:] : Self.heldTypes(of: reducer, in: feature),
                ownType: reducer.ownerType, ownProperties: Self.storedPropertyNames(of: reducer, in: feature))
            return reducer.outermostSites { advice(for: $0, in: context) != nil }.compactMap { site in
                advice(for: site, in: context).map { RuleViolation(location: site.location, message: $0) }
            }
        }
    }

    /// What one reducer's sites are judged against.
    private struct Context {
        /// Names the reducer reaches its dependencies under.
        var dependencies: Set<String>
        /// Sites that are statements of the body, not of a closure passed to some call.
        var topLevel: Set<Int>
        /// Cases of the enums of the spec and the project: `.now` or `.randomTapped` naming one
        /// is that case, not the clock or a random source.
        var caseNames: Set<String>
        /// The types of the project's global values the spec mentions.
        var globalTypes: [String: String]
        /// The types the project declares that the spec mentions; `nil` for a spec checked
        /// without its project.
        var projectTypes: Set<String>?
        /// Members of the project's types that touch the world, with the call that does.
        var memberEffects: MemberEffectIndex
        /// Members of the project's types that write a log, with the call that does.
        var loggingMembers: MemberEffectIndex
        /// The State properties that hold an object (``heldReferences(in:)``).
        var heldReferences: [String: String]
        /// The types of the values the reducer reaches by name (``heldTypes(of:in:)``).
        var heldTypes: [String: String]
        /// The reducer's own type, whose methods are read where the reducer calls them.
        var ownType: String?
        /// The stored properties of the reducer's own type (``storedPropertyNames(of:in:)``).
        var ownProperties: Set<String>
    }

    /// The names of the stored properties of a reducer's own type, `@Dependency` ones included.
    static func storedPropertyNames(of reducer: ReducerFacts, in feature: FeatureModel) -> Set<String> {
        guard let owner = reducer.ownerType else { return [] }
        return Set(feature.types.filter { $0.qualifiedName == owner }.flatMap { $0.storedProperties.map(\.name) })
    }

    /// What a property set outside State changes (`CreateNoteManager.shared.memo = memo`,
    /// `pasteboard.string = text`), or `nil`. The reducer's own type is a value the reducer
    /// cannot change, so a property set through one of its stored properties or dependencies
    /// compiles only on an object: it changes the world, as a static of a type does.
    private static func writtenHolder(_ site: CodeSite, _ parts: [String], in context: Context) -> String? {
        guard site.kind == .write, context.topLevel.contains(site.id), parts.count >= 2, let root = parts.first else { return nil }
        if CodeSite.isTypeRooted(parts, upTo: 1) { return "global state of `\(root)`" }
        if context.ownProperties.contains(root) || context.dependencies.contains(root) { return "the object `\(root)` refers to" }
        return nil
    }

    /// The types of what a reducer holds: its State's stored properties (`state.mapManager`)
    /// and its own type's (`storage`), by the path that reaches them.
    static func heldTypes(of reducer: ReducerFacts, in feature: FeatureModel) -> [String: String] {
        var held: [String: String] = [:]
        for state in feature.states {
            for property in state.storedProperties { held["state.\(property.name)"] = property.baseType }
        }
        // `state.resetSlider()`: a method of the State itself.
        if feature.states.count == 1, let state = feature.states.first { held["state"] = state.qualifiedName }
        for type in feature.types where type.qualifiedName == reducer.ownerType {
            for property in type.storedProperties where property.dependencyKey == nil { held[property.name] = property.baseType }
        }
        return held
    }

    /// The State property and its type when a site is a statement that calls a method of an
    /// object State holds (`state.mapManager.moveCamera(…)`, `MapManager` a class of the
    /// project): a copy of State shares that object, so what the call changes is outside it.
    /// A call whose result is used (`state.formatter.string(from:)`) reads the object instead.
    private static func heldReference(_ site: CodeSite, _ parts: [String], in context: Context) -> (held: String, type: String)? {
        guard site.kind == .call, site.isStatement, context.topLevel.contains(site.id), parts.count >= 3, parts[0] == "state"
        else { return nil }
        let held = "state.\(parts[1])"
        return context.heldReferences[held].map { (held, $0) }
    }

    /// The State properties whose type is a class or actor of the spec or the project, optional
    /// or not (`state.mapManager` → `MapManager`), by the path that reaches them; a collection
    /// of objects (`[MapMarker]`) is a value, whose own methods (`append`) change State.
    static func heldReferences(in feature: FeatureModel) -> [String: String] {
        let references = Set((feature.project?.referenceTypes ?? []).map(TypeName.unqualified))
            .union(feature.types.filter { $0.kind == .class || $0.kind == .actor }.map(\.name))
        guard !references.isEmpty else { return [:] }
        var held: [String: String] = [:]
        for state in feature.states {
            for property in state.storedProperties {
                guard var written = property.type?.filter({ !$0.isWhitespace }) else { continue }
                while written.hasSuffix("?") || written.hasSuffix("!") { written.removeLast() }
                if written.hasPrefix("Optional<"), let inner = TypeName.wrapped(written) { written = inner }
                let type = TypeName.unqualified(written)
                if ByteSearch.isPlainIdentifierPath(written), references.contains(type) { held["state.\(property.name)"] = type }
            }
        }
        return held
    }

    /// The member of a project type that a site uses (`UserDefaultsManager.nickname`,
    /// `Storage.shared.load()`, `state.mapManager.moveCamera(…)`, `Draft()`) when it touches
    /// the world: a call reaches the overload its labels name.
    private static func effectfulMember(_ site: CodeSite, _ parts: [String], in context: Context) -> (member: String, effect: String)? {
        guard !context.memberEffects.isEmpty else { return nil }
        // Whether the member is the path's last part: then a call site calls it; otherwise the
        // site reads it (a property) and calls something it holds.
        var used = MemberEffects.typeAndMember(of: parts).map { (type: $0.type, member: $0.member, isLast: $0.member == parts.last) }
        // `Draft(title:)`, `CoachFeature.State()`: the type's initializer.
        if parts.count == 1, let type = parts.first, type.first?.isUppercase == true { used = (type, "init", true) }
        if used == nil, site.kind == .call, parts.count > 1, CodeSite.isTypeRooted(parts, upTo: parts.count) {
            used = (parts.joined(separator: "."), "init", true)
        }
        if used == nil, parts.count >= 2 {
            let (holder, memberIndex) =
                parts[0] == "state" && parts.count >= 3 && context.heldTypes["state.\(parts[1])"] != nil
                ? ("state.\(parts[1])", 2) : (parts[0], 1)
            let member = parts[memberIndex].hasSuffix("()") ? String(parts[memberIndex].dropLast(2)) : parts[memberIndex]
            used = context.heldTypes[holder].map { ($0, member, memberIndex == parts.count - 1) }
        }
        guard let used, used.type != context.ownType, used.type != context.ownType.map(TypeName.unqualified) else { return nil }
        let isCalled = site.kind == .call && used.isLast
        let base = "\(used.type).\(used.member)"
        guard let effect = context.memberEffects.effect(of: base, labels: isCalled ? site.argumentLabels : nil) else { return nil }
        return (base, effect)
    }

    /// The member of an app type (`Log.trace`, `Log.shared.debug`) that a statement of the
    /// body calls, and the log it writes, when it writes one. Only a call on the type itself
    /// or its shared instance: a value that logs while it works (`state.cart.add(item)`) does
    /// something else first.
    private static func loggingMember(_ site: CodeSite, _ parts: [String], in context: Context) -> (member: String, log: String)? {
        guard !context.loggingMembers.isEmpty, site.kind == .call, site.isStatement, context.topLevel.contains(site.id),
            let used = MemberEffects.typeAndMember(of: parts), used.member == parts.last, used.type != context.ownType
        else { return nil }
        let base = "\(used.type).\(used.member)"
        return context.loggingMembers.effect(of: base, labels: site.argumentLabels).map { (base, $0) }
    }

    /// What every message says to do.
    private static let moveIntoEffect = "move it into an Effect closure (`return .run { send in … }`, legacy `Effect.fireAndForget { … }`)"

    /// The message for a site that is a side effect outside an Effect, or `nil`.
    private func advice(for site: CodeSite, in context: Context) -> String? {
        guard !site.insideEffect else { return nil }
        let parts = site.pathComponentsWithoutSelf
        guard let root = parts.first, let last = parts.last else { return nil }
        return Self.knownAPIAdvice(site, parts, root: root, last: last, in: context)
            ?? Self.systemAdvice(site, parts, root: root, last: last, in: context)
            ?? Self.projectAdvice(site, parts, root: root, in: context)
    }

    /// A call or reference of the language's and the system's known side effects: `await`,
    /// printing and logging, reading files, the clock, unstructured tasks, randomness.
    private static func knownAPIAdvice(_ site: CodeSite, _ parts: [String], root: String, last: String, in context: Context) -> String? {
        switch site.kind {
        case .await:
            return "`await` suspends in the reducer body; async work belongs in `return .run { send in … }`"
        case .call where parts.count == 1 && Self.loggingCalls.contains(root):
            return "`\(root)(…)` writes output from the reducer body; \(moveIntoEffect) or log through an injected dependency there"
        case .call where parts.count > 1 && site.isStatement && context.topLevel.contains(site.id)
            && (Self.loggers.contains(root) || MemberEffects.isLoggerCall(parts)):
            return "`\(site.displayName)` writes a log from the reducer body; \(moveIntoEffect) or log through an injected dependency there"
        case .call where parts.count == 1 && Self.contentReaders.contains(root) && site.argumentLabels.first == "contentsOf":
            return "`\(root)(contentsOf:)` reads a file or a URL in the reducer body; \(moveIntoEffect) and reach it through an injected dependency"
        case .reference where site.path == ".now" && !context.caseNames.contains("now"),
            .call where site.path == ".now" && !context.caseNames.contains("now"):
            return "`.now` reads the clock, which makes the reducer non-deterministic and untestable; inject the clock (`@Dependency(\\.date.now)` or an environment `now` closure) and use that"
        case .call where root == "Task" && Self.taskCalls.contains(parts.joined(separator: ".")):
            return """
                `\(site.path) { }` starts unstructured work from the reducer body that TCA can neither \
                test nor cancel; return `.run { send in … }` instead
                """
        case .call where parts.count == 1 && site.argumentLabels.isEmpty:
            guard let replacement = Self.nondeterministicInitializers[root] else { break }
            return "`\(root)()` makes the reducer non-deterministic and untestable; inject it (\(replacement)) and use that"
        case .call where Self.randomAPIs.contains(last) && !site.argumentLabels.contains("using") && !context.dependencies.contains(root)
            && !context.caseNames.contains(last):
            return """
                `\(site.displayName)` makes the reducer non-deterministic and untestable; inject a \
                generator (`@Dependency(\\.withRandomNumberGenerator)` or an environment closure) and use that
                """
        case _ where parts.count >= 2 && parts[0] == "Date" && parts[1] == "now":
            return "`Date.now` makes the reducer non-deterministic and untestable; inject the clock (`@Dependency(\\.date.now)` or an environment `now` closure) and use that"
        default:
            return nil
        }
        return nil
    }

    /// A system API called for its effect (`UserDefaults.standard.set`, a post to
    /// `NotificationCenter`, a singleton), directly or through a global of the project.
    private static func systemAdvice(_ site: CodeSite, _ parts: [String], root: String, last: String, in context: Context) -> String? {
        // A global of the project is what its type is (`let defaults = UserDefaults.standard`).
        let rootType = context.globalTypes[root].map(TypeName.unqualified) ?? root
        if site.kind == .call, site.isStatement, context.topLevel.contains(site.id), parts.count > 1,
            context.globalTypes[root] != nil, Self.loggerTypes.contains(rootType)
        {
            return "`\(site.displayName)` writes a log from the reducer body; \(moveIntoEffect) or log through an injected dependency there"
        }
        if (Self.systemTypes.contains(rootType) && Self.usesSystemAPI(parts, kind: site.kind))
            || (root == "NotificationCenter" && last.hasPrefix("post") && site.kind == .call)
            || (root == "DispatchQueue" && Self.dispatchMethods.contains(last) && site.kind == .call)
        {
            return "`\(site.displayName)` runs a side effect directly in the reducer body; \(moveIntoEffect) and reach it through an injected dependency"
        }
        // `KeychainStore.shared.deleteAll()`: a singleton called for its side effect.
        if site.kind == .call, site.isStatement, context.topLevel.contains(site.id),
            let index = parts.dropLast().firstIndex(where: Self.singletonMembers.contains), CodeSite.isTypeRooted(parts, upTo: index)
        {
            return """
                `\(site.displayName)` calls a singleton for its side effect directly in the reducer \
                body; \(moveIntoEffect) and reach it through an injected dependency
                """
        }
        return nil
    }

    /// What the project model says of a site: a member of the app's own type that touches the
    /// world, a property set outside State, an object State holds, the app's logger, a type
    /// from outside the project or a dependency called for its effect.
    private static func projectAdvice(_ site: CodeSite, _ parts: [String], root: String, in context: Context) -> String? {
        // `UserDefaultsManager.nickname = name`: a member of the app's own type that touches
        // the world, in its body or through the members it calls.
        if let (member, effect) = Self.effectfulMember(site, parts, in: context) {
            return """
                `\(site.displayName)` runs `\(effect)` (through `\(member)`) directly in the reducer \
                body; \(moveIntoEffect) and reach it through an injected dependency
                """
        }
        // `CreateNoteManager.shared.memo = memo`: a property set on what is not State.
        if let holder = Self.writtenHolder(site, parts, in: context) {
            return """
                `\(site.displayName)` is set directly in the reducer body, which changes \(holder) outside \
                State, where tests cannot see it; keep the value in State, or \(moveIntoEffect) and reach \
                it through an injected dependency
                """
        }
        // `state.mapManager.moveCamera(…)`: a method of an object State holds by reference,
        // called for what it does.
        if let (held, type) = Self.heldReference(site, parts, in: context) {
            return """
                `\(site.displayName)` calls `\(held)`, a `\(type)` object State holds by reference, for \
                its side effect directly in the reducer body: the object changes outside State, where \
                tests cannot see it; \(moveIntoEffect) and keep the object out of State (a dependency)
                """
        }
        // `Log.trace("…")`: a member of the app's own logger, called for the log it writes.
        if let (member, log) = Self.loggingMember(site, parts, in: context) {
            return """
                `\(site.displayName)` writes a log (`\(log)`, through `\(member)`) from the reducer body; \
                \(moveIntoEffect) or log through an injected dependency there
                """
        }
        // `FirebaseApp.configure()`: a static function of a type from outside the project,
        // its result unused, is called for what it does to the world.
        // `UIImpactFeedbackGenerator(style: .light).impactOccurred()` alike: one built and used.
        let calledType = root.hasSuffix("()") ? String(root.dropLast(2)) : root
        if site.kind == .call, site.isStatement, context.topLevel.contains(site.id), parts.count == 2, site.mayStartWithType,
            let projectTypes = context.projectTypes, !projectTypes.contains(calledType), context.globalTypes[calledType] == nil,
            calledType != "Self", !Self.composableArchitectureTypes.contains(calledType), calledType.first?.isUppercase == true
        {
            return """
                `\(site.displayName)` calls into `\(calledType)` for its side effect directly in the reducer \
                body; \(moveIntoEffect) and reach it through an injected dependency
                """
        }
        if site.kind == .call, site.isStatement, context.topLevel.contains(site.id), context.dependencies.contains(root),
            !parts.contains(where: Self.runsAReducer)
        {
            return """
                `\(site.displayName)` calls a dependency for its side effect directly in the reducer \
                body; \(moveIntoEffect) so the reducer stays a pure function
                """
        }
        return nil
    }
}
