import Foundation
import RulebookCore
import RulebookPipeline
import RulebookSwiftSource
import Testing

/// What a rule must know about the project, not guess from a spelling: each test is a
/// minimal shape of our own (none copied from an app), checked as `rulebook check` checks a
/// folder (scanned, joined into features, each told what the rest of the project says).
/// One test per cause found on apps nobody here had read (issue 28).
struct ProjectModelTests {
    /// One finding, as a test names it: `rule file:line`.
    struct Found: Hashable, CustomStringConvertible {
        var rule: String
        var file: String
        var line: Int
        var description: String { "\(rule) \(file):\(line)" }
    }

    /// The findings of `rulebook check` on a folder holding `project`, and its specs' files.
    static func check(_ project: [String: String]) throws -> (findings: Set<Found>, specs: [[String]]) {
        let root = try SpecScannerTests.folder(with: project)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let specs = try SpecScanner(root: root).specs(in: [root])
        var found: Set<Found> = []
        for spec in specs {
            guard let files = spec.files else { continue }
            let model = SwiftFeatureParser.model(featureName: spec.feature, files: files, project: spec.project)
            for finding in RuleEngine().findings(for: model) {
                found.insert(Found(rule: finding.ruleId, file: finding.location.file, line: finding.location.line ?? 0))
            }
        }
        return (found, specs.map { ($0.files ?? []).map(\.path).sorted() })
    }

    static func rules(_ found: Set<Found>, in file: String) -> [String] {
        found.filter { $0.file == file }.map(\.rule).sorted()
    }

    // MARK: 1. A type's layer is where it is declared

    @Test func aDTODeclaredUnderDomainIsADomainType() throws {
        let (found, _) = try Self.check([
            "Projects/Domain/User/Project.swift": "import ProjectDescription\nlet project = Project.module(.domain, \"User\")",
            "Projects/Domain/User/Interface/Sources/UserResponseDTO.swift": "public struct UserResponseDTO: Decodable { public let id: String }",
            "Projects/Domain/User/Sources/UserClient.swift": """
                import Foundation
                import DomainUserInterface
                public struct UserClient { public var fetch: @Sendable () async throws -> UserResponseDTO }
                """,
            "Features/Profile/Data/ProfileDTO.swift": "struct ProfileDTO: Decodable { let id: String }",
            "Features/Profile/Domain/ProfileRepositoryProtocol.swift": """
                protocol ProfileRepositoryProtocol: Sendable { func fetch() async throws -> ProfileDTO }
                """,
        ])
        #expect(Self.rules(found, in: "Projects/Domain/User/Sources/UserClient.swift").isEmpty, "\(found)")
        #expect(found.contains(Found(rule: "layer-dependency-direction", file: "Features/Profile/Domain/ProfileRepositoryProtocol.swift", line: 1)))
    }

    @Test func aTypeTheProjectDoesNotDeclareIsNotJudgedByItsName() throws {
        let (found, _) = try Self.check([
            "App/Domain/Feed.swift": "import Foundation\nstruct Feed { var items: [ItemDTO] }",
            "App/Domain/Item.swift": "struct Item {}",
        ])
        #expect(Self.rules(found, in: "App/Domain/Feed.swift").isEmpty, "\(found)")
    }

    @Test func theAppsOwnModulesAreNoFrameworksAndKeepTheirLayer() throws {
        let (found, _) = try Self.check([
            "Projects/Domain/Auth/Sources/AuthClient.swift": "import Foundation\nimport DomainAuthInterface\nimport CoreNetwork\nstruct AuthClient {}",
            "Projects/Domain/Auth/Project.swift": "import ProjectDescription\nlet project = Project.module(.domain, \"Auth\")",
            "Projects/Core/Network/Project.swift": "import ProjectDescription\nlet project = Project.module(.core, \"Network\")",
            "Projects/Modules/Data/Project.swift": "import ProjectDescription\nlet project = Project(name: \"Data\")",
            "Projects/Shared/DesignSystem/Sources/SwiftUI/Colors.swift": "import SwiftUI\nextension Color {}",
            "Projects/Domain/Auth/Interface/Sources/Token.swift": "public struct Token {}",
            "Projects/Core/Network/Sources/Endpoint.swift": "public protocol Endpoint {}",
            "Projects/Modules/Data/Sources/Repository.swift": "public final class Repository {}",
            "Projects/Modules/Features/Home/HomeFeature.swift": """
                import ComposableArchitecture
                import Data
                @Reducer struct HomeFeature {
                  struct State: Equatable {}
                  enum Action { case onAppear }
                  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
                }
                """,
            "Projects/Domain/Auth/Sources/Bad.swift": "import SwiftUI\nstruct Bad {}",
            "Projects/Shared/DesignSystem/Project.swift": "import ProjectDescription\nlet project = Project(name: \"DesignSystem\")",
        ])
        #expect(Self.rules(found, in: "Projects/Domain/Auth/Sources/AuthClient.swift").isEmpty, "\(found)")
        #expect(found.contains(Found(rule: "layer-dependency-direction", file: "Projects/Modules/Features/Home/HomeFeature.swift", line: 2)))
        #expect(found.contains(Found(rule: "domain-framework-import", file: "Projects/Domain/Auth/Sources/Bad.swift", line: 1)))
    }

    @Test func aFileOfAModuleNamedForItsLayerIsInThatLayer() throws {
        let (found, _) = try Self.check([
            "App/Projects/Domains/AttemptDomain/Project.swift": """
                import ProjectDescription
                let project = Project(name: "AttemptDomain", targets: [.target(name: "AttemptDomain")])
                """,
            "App/Projects/Domains/AttemptDomain/Sources/UseCase/AttemptUseCase.swift": """
                import Foundation
                import ComposableArchitecture
                public struct AttemptUseCase { public var fetch: @Sendable () async throws -> [String] }
                """,
            "App/Projects/Features/Attempt/Sources/AttemptFeature.swift": """
                import ComposableArchitecture
                import AttemptDomain
                @Reducer struct AttemptFeature {
                  struct State: Equatable {}
                  enum Action { case onAppear }
                  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
                }
                """,
            // A folder merely named like a module of no manifest says nothing.
            "App/Helpers/LegacyDomain/Formatter.swift": "import SwiftUI\nstruct Formatter {}",
        ])
        #expect(found.contains(Found(rule: "domain-framework-import", file: "App/Projects/Domains/AttemptDomain/Sources/UseCase/AttemptUseCase.swift", line: 2)), "\(found)")
        #expect(Self.rules(found, in: "App/Projects/Features/Attempt/Sources/AttemptFeature.swift").isEmpty, "\(found)")
        #expect(Self.rules(found, in: "App/Helpers/LegacyDomain/Formatter.swift").isEmpty, "\(found)")
    }

    @Test func aLayerNamedWithTheWordLayerAndAFeaturesStateFileAreKnown() throws {
        let (found, _) = try Self.check([
            "DataLayer/Project.swift": "import ProjectDescription\nlet project = Project(name: \"DataLayer\")",
            "DataLayer/Sources/Repositories/MenuRepository.swift": "public final class MenuRepository {}",
            "FeatureMenu/Sources/Menu/MenuFeature.swift": """
                import ComposableArchitecture
                import DataLayer
                @Reducer struct MenuFeature {
                  struct State: Equatable {}
                  enum Action { case onAppear }
                  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
                }
                """,
            // A feature's State declared in a file of its own is the feature's: Presentation.
            "Features/Editor/Editor.swift": """
                import ComposableArchitecture
                @Reducer struct Editor {
                  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
                }
                """,
            "Features/Editor/Editor+State.swift": """
                import CoreData
                extension Editor {
                  @ObservableState struct State: Equatable { var title = "" }
                  enum Action { case save }
                }
                """,
        ])
        #expect(found.contains(Found(rule: "layer-dependency-direction", file: "FeatureMenu/Sources/Menu/MenuFeature.swift", line: 2)), "\(found)")
        #expect(found.contains(Found(rule: "layer-dependency-direction", file: "Features/Editor/Editor+State.swift", line: 1)), "\(found)")
    }

    // MARK: 2. A view's body in an extension

    @Test func aViewWhoseBodyIsInAnExtensionObservesItsStore() throws {
        let legacyFeature = """
            import ComposableArchitecture
            struct CounterState: Equatable { var count = 0 }
            enum CounterAction { case tapped }
            let counterReducer = Reducer<CounterState, CounterAction, Void> { _, _, _ in .none }
            """
        let (found, _) = try Self.check([
            "Counter/Counter.swift": legacyFeature,
            "Counter/CounterScreen.swift": """
                import ComposableArchitecture
                struct CounterScreen: View { let store: Store<CounterState, CounterAction> }
                extension CounterScreen {
                  var body: some View { WithViewStore(store) { viewStore in Text("\\(viewStore.count)") } }
                }
                """,
            "Counter/CounterPanel.swift": """
                import ComposableArchitecture
                struct CounterPanel: View { let store: Store<CounterState, CounterAction> }
                """,
            "Counter/PanelBody.swift": """
                import ComposableArchitecture
                extension CounterPanel {
                  var body: some View { WithViewStore(store) { viewStore in Text("\\(viewStore.count)") } }
                }
                """,
            "Counter/CounterBadge.swift": """
                import ComposableArchitecture
                struct CounterBadge: View {
                  let store: Store<CounterState, CounterAction>
                  var body: some View { Text("") }
                }
                """,
        ])
        #expect(!found.contains { $0.rule == "view-missing-view-store" && $0.file != "Counter/CounterBadge.swift" }, "\(found)")
        #expect(found.contains { $0.rule == "view-missing-view-store" && $0.file == "Counter/CounterBadge.swift" }, "\(found)")
    }

    // MARK: 3. A feature split across an Interface module and its implementation

    @Test func aReducerBuiltInAnExtensionOfAnInterfaceTypeIsTheFeatures() throws {
        let (found, specs) = try Self.check([
            "Projects/Feature/Home/Interface/Sources/HomeFeatureInterface.swift": """
                import ComposableArchitecture
                public struct HomeFeature: Reducer {
                  private let reducer: Reduce<State, Action>
                  public init(reducer: Reduce<State, Action>) { self.reducer = reducer }
                  public struct State: Equatable { var count = 0 }
                  public enum Action { case tapped, loaded, closed }
                  public var body: some ReducerOf<Self> { reducer }
                }
                """,
            "Projects/Feature/Home/Sources/HomeFeature.swift": """
                import ComposableArchitecture
                extension HomeFeature {
                  public init() {
                    let reducer = Reduce<State, Action> { state, action in
                      switch action {
                      case .tapped:
                        UserDefaults.standard.set(1, forKey: "taps")
                        return .none
                      default:
                        return .none
                      }
                    }
                    self.init(reducer: reducer)
                  }
                }
                """,
        ])
        #expect(specs.contains(["Projects/Feature/Home/Interface/Sources/HomeFeatureInterface.swift", "Projects/Feature/Home/Sources/HomeFeature.swift"]))
        #expect(found.contains(Found(rule: "reducer-default-case", file: "Projects/Feature/Home/Sources/HomeFeature.swift", line: 9)), "\(found)")
        #expect(found.contains(Found(rule: "reducer-side-effect", file: "Projects/Feature/Home/Sources/HomeFeature.swift", line: 7)), "\(found)")
    }

    @Test func featuresAreNeverJoinedThroughTheTypesTheyExtend() throws {
        let feature = { (name: String) in
            """
            import ComposableArchitecture
            @Reducer struct \(name) {
              struct State: Equatable {}
              enum Action { case tapped }
              var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
            }
            extension AppEnvironment { static var \(name.lowercased()): Int { 1 } }
            """
        }
        let (_, specs) = try Self.check([
            "App/AppEnvironment.swift": "struct AppEnvironment {}",
            "App/One.swift": feature("One"), "App/Two.swift": feature("Two"),
            "App/Shared.swift": "extension One.State { var x: Int { 1 } }\nextension Two.State { var y: Int { 1 } }",
        ])
        #expect(!specs.contains { $0.contains("App/One.swift") && $0.contains("App/Two.swift") }, "\(specs)")
        #expect(specs.contains(["App/AppEnvironment.swift"]), "\(specs)")
    }

    // MARK: 4. Dependencies declared as locals or inside `#if`

    @Test func localAndConditionalDependenciesAreTheReducers() throws {
        let (found, _) = try Self.check([
            "Toast/ToastFeature.swift": """
                import ComposableArchitecture
                @Reducer struct ToastFeature {
                  struct State: Equatable {}
                  enum Action { case tapped, logged }
                  #if DEBUG
                  @Dependency(\\.analytics) var analytics
                  #endif
                  var body: some ReducerOf<Self> {
                    @Dependency(\\.toastClient) var toastClient
                    Reduce { state, action in
                      switch action {
                      case .tapped:
                        toastClient.present("Saved")
                        return .none
                      case .logged:
                        analytics.track("logged")
                        return .none
                      }
                    }
                  }
                }
                """,
        ])
        #expect(found.contains(Found(rule: "reducer-side-effect", file: "Toast/ToastFeature.swift", line: 13)), "\(found)")
        #expect(found.contains(Found(rule: "reducer-side-effect", file: "Toast/ToastFeature.swift", line: 16)), "\(found)")
    }

    // MARK: 5. Reducer work outside `reduce` and `body`

    @Test func methodsOfAReducerTypeAreReducerWorkWhereverTheTypeSaysSo() throws {
        let (found, _) = try Self.check([
            "Core/FeatureReducer.swift": """
                import ComposableArchitecture
                public protocol FeatureReducer: Reducer {
                  func reduceDismissedDestination(into state: inout State) -> Effect<Action>
                }
                """,
            "Settings/Settings.swift": """
                import ComposableArchitecture
                struct Settings: FeatureReducer {
                  struct State: Equatable { var saved = false }
                  enum Action { case save, load, loaded(Result<Int, Error>) }
                  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
                }
                """,
            "Settings/Settings+Helpers.swift": """
                import ComposableArchitecture
                extension Settings {
                  func reduceDismissedDestination(into state: inout State) -> Effect<Action> {
                    print("dismissed")
                    return .none
                  }
                  func handle(_ state: inout State) {
                    state.saved = true
                    UserDefaults.standard.set(true, forKey: "saved")
                  }
                  func loadEffect() -> Effect<Action> {
                    .run { send in
                      let (data, _) = try await URLSession.shared.data(from: URL(string: "https://example.com")!)
                      await send(.loaded(.success(data.count)))
                    }
                  }
                }
                """,
            "Other/Formatter.swift": """
                import Foundation
                struct Formatter {
                  func handle(_ text: inout String) { print(text) }
                }
                """,
        ])
        let helpers = "Settings/Settings+Helpers.swift"
        #expect(found.contains(Found(rule: "reducer-side-effect", file: helpers, line: 4)), "\(found)")
        #expect(found.contains(Found(rule: "reducer-side-effect", file: helpers, line: 9)), "\(found)")
        #expect(found.contains(Found(rule: "reducer-direct-dependency", file: helpers, line: 13)), "\(found)")
        #expect(Self.rules(found, in: "Other/Formatter.swift").isEmpty, "a method of no reducer is no reducer work")
    }

    // MARK: 6. A property typed by the static member it reads, in an app protocol's feature

    @Test func aStatePropertyTypedByAStaticConstantIsSeen() throws {
        let (found, _) = try Self.check([
            "Core/AppReducer.swift": "import ComposableArchitecture\npublic protocol AppReducer: Reducer {}",
            "Sheet/Sheet.swift": """
                import ComposableArchitecture
                import CoreGraphics
                struct Sheet: AppReducer {
                  struct State: Equatable {
                    static let hiddenOffset: CGFloat = 300
                    var offset = Self.hiddenOffset
                  }
                  enum Action { case dragged }
                  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
                }
                """,
        ])
        #expect(found.contains(Found(rule: "state-animation-value", file: "Sheet/Sheet.swift", line: 6)), "\(found)")
    }

    // MARK: 7. A legacy Environment nested in an extension of the feature

    @Test func aLegacyEnvironmentNestedInAnExtensionIsTheFeatures() throws {
        let (found, _) = try Self.check([
            "Search/Search.swift": """
                import ComposableArchitecture
                enum Search {}
                extension Search {
                  struct State: Equatable { var query = "" }
                  enum Action { case queryChanged(String) }
                  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
                    switch action {
                    case let .queryChanged(query):
                      state.query = query
                      return .none
                    }
                  }
                }
                """,
            "Search/Search+Environment.swift": """
                import ComposableArchitecture
                extension Search {
                  struct Environment {
                    var search: (String) -> Effect<[String], Error>
                  }
                }
                """,
        ])
        #expect(found.contains(Found(rule: "environment-missing-mock", file: "Search/Search+Environment.swift", line: 3)), "\(found)")
    }

    // MARK: 8. What the model knows beats a name

    @Test func valuesNamedLikeUIOrEffectsAreJudgedByWhatTheyAre() throws {
        let (found, _) = try Self.check([
            "Recipe/Recipe.swift": """
                import ComposableArchitecture
                @Reducer struct Recipe {
                  struct State: Equatable {
                    var scale: Double = 1
                    var theme: AppTheme = .light
                  }
                  enum Action { case scaled(Double), randomPickDidFetch(Int), picked }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case let .scaled(value):
                        state.scale = value
                        return .none
                      case .randomPickDidFetch:
                        let service = PaymentService(rawValue: 1)
                        _ = service
                        return .none
                      case .picked:
                        return .send(.randomPickDidFetch(1))
                      }
                    }
                  }
                }
                """,
            "Recipe/RecipeView.swift": """
                import ComposableArchitecture
                struct RecipeView: View {
                  let store: StoreOf<Recipe>
                  var body: some View { Text("\\(store.scale * 2)").scaleEffect(1) }
                }
                """,
            "Settings/AppTheme.swift": "enum AppTheme: Int { case light, dark }",
            "Payments/PaymentService.swift": "enum PaymentService: Int { case card = 1, cash }",
        ])
        #expect(Self.rules(found, in: "Recipe/Recipe.swift").isEmpty, "\(found)")
    }

    @Test func aStoreValueAViewAnimatesIsAnimationState() throws {
        let (found, _) = try Self.check([
            "Button/Login.swift": """
                import ComposableArchitecture
                @Reducer struct Login {
                  struct State: Equatable { var buttonScale: Double = 1 }
                  enum Action { case tapped }
                  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
                }
                struct LoginView: View {
                  let store: StoreOf<Login>
                  var body: some View { Text("Log in").scaleEffect(store.buttonScale) }
                }
                """,
        ])
        #expect(found.contains(Found(rule: "state-animation-value", file: "Button/Login.swift", line: 3)), "\(found)")
    }

    // MARK: What the tuning apps showed next

    @Test func aReducerTypedByItsVariableIsAReducer() throws {
        let (found, _) = try Self.check([
            "Crew/CrewStore.swift": """
                import ComposableArchitecture
                public struct CrewStore: Reducer {
                  public struct State: Equatable {}
                  public enum Action { case joined, left }
                  private let reducer: Reduce<State, Action>
                  public init(reducer: Reduce<State, Action>) { self.reducer = reducer }
                  public var body: some ReducerOf<Self> { reducer }
                }
                extension CrewStore {
                  public init() {
                    let reducer: Reduce<State, Action> = .init { state, action in
                      switch action {
                      case .joined:
                        print("joined")
                        return .none
                      default:
                        return .none
                      }
                    }
                    self.init(reducer: reducer)
                  }
                }
                """,
        ])
        #expect(found.contains(Found(rule: "reducer-side-effect", file: "Crew/CrewStore.swift", line: 14)), "\(found)")
        #expect(found.contains(Found(rule: "reducer-default-case", file: "Crew/CrewStore.swift", line: 16)), "\(found)")
    }

    @Test func globalsAndSingletonsAreWhatTheyAre() throws {
        let (found, _) = try Self.check([
            "Core/Log.swift": "import Logging\nlet loggerGlobal = Logger(label: \"app\")\nlet defaults = UserDefaults.standard",
            "Core/Keychain.swift": "final class KeychainStore { static let shared = KeychainStore(); func deleteAll() {} }",
            "Settings/Settings.swift": """
                import ComposableArchitecture
                import UIKit
                @Reducer struct Settings {
                  struct State: Equatable { var url = "" }
                  enum Action { case logout, openSettings }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .logout:
                        loggerGlobal.notice("logout")
                        defaults.set(false, forKey: "loggedIn")
                        KeychainStore.shared.deleteAll()
                        return .none
                      case .openSettings:
                        state.url = UIApplication.openSettingsURLString
                        return .none
                      }
                    }
                  }
                }
                """,
        ])
        let file = "Settings/Settings.swift"
        #expect(found.contains(Found(rule: "reducer-side-effect", file: file, line: 10)), "\(found)")
        #expect(found.contains(Found(rule: "reducer-side-effect", file: file, line: 11)), "\(found)")
        #expect(found.contains(Found(rule: "reducer-side-effect", file: file, line: 12)), "\(found)")
        #expect(!found.contains(Found(rule: "reducer-side-effect", file: file, line: 15)), "a constant of a system type is no side effect")
    }

    @Test func aTypeFromOutsideTheProjectIsNotADependencyByItsName() throws {
        let (found, _) = try Self.check([
            "Relay/Relay.swift": """
                import ComposableArchitecture
                import Sargon
                @Reducer struct Relay {
                  struct State: Equatable { var services: [RelayService] = [] }
                  enum Action { case add(String) }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case let .add(url):
                        state.services.append(RelayService(name: "relay", url: url))
                        _ = SyncClient()
                        return .none
                      }
                    }
                  }
                }
                """,
            "Sync/SyncClient.swift": "struct SyncClient { var sync: () async -> Void = {} }",
        ])
        #expect(!found.contains(Found(rule: "reducer-direct-dependency", file: "Relay/Relay.swift", line: 10)), "\(found)")
        #expect(found.contains(Found(rule: "reducer-direct-dependency", file: "Relay/Relay.swift", line: 11)), "\(found)")
    }

    @Test func anEnvironmentAParentBuildsThroughItsOwnCombinatorIsDerived() throws {
        let (found, _) = try Self.check([
            "Code/CodeCore.swift": """
                import ComposableArchitecture
                struct CodeState: Equatable {}
                enum CodeAction { case typed }
                struct CodeEnvironment { var verify: () -> Effect<Bool, Never> }
                let codeReducer = Reducer<CodeState, CodeAction, CodeEnvironment> { _, _, _ in .none }
                """,
            "SignIn/SignInCore.swift": """
                import ComposableArchitecture
                struct SignInState: Equatable { var code: CodeState? }
                enum SignInAction { case code(CodeAction) }
                struct SignInEnvironment { var api: APIClient; static let live = Self(api: .live); static let mock = Self(api: .mock) }
                let signInReducer = Reducer<SignInState, SignInAction, SignInEnvironment>.combine(
                  codeReducer.presents(state: \\.code, action: /SignInAction.code, environment: { CodeEnvironment(verify: $0.api.verify) })
                )
                """,
        ])
        #expect(Self.rules(found, in: "Code/CodeCore.swift").filter { $0.hasPrefix("environment-missing") }.isEmpty, "\(found)")
    }

    @Test func aDurationNamedAfterFocusIsData() throws {
        let (found, _) = try Self.check([
            "Timer/Pomodoro.swift": """
                import ComposableArchitecture
                @Reducer struct Pomodoro {
                  struct State: Equatable { var focusTimeBySeconds = 0; var focusDate: Date?; var focusedField: Field? }
                  enum Field { case title }
                  enum Action { case tick }
                  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
                }
                """,
        ])
        #expect(found.filter { $0.rule == "state-transient-ui" }.count == 1, "\(found)")
    }

    @Test func aPreviewThatBuildsAChildEnvironmentInPlaceNeedsItsMock() throws {
        let (found, _) = try Self.check([
            "SignIn/SignInCore.swift": """
                import ComposableArchitecture
                struct SignInState: Equatable {}
                enum SignInAction { case tapped }
                struct SignInEnvironment { var api: APIClient; var mainQueue: AnySchedulerOf<DispatchQueue> }
                let signInReducer = Reducer<SignInState, SignInAction, SignInEnvironment> { _, _, _ in .none }
                """,
            "App/AppCore.swift": """
                import ComposableArchitecture
                struct AppState: Equatable { var signIn = SignInState() }
                enum AppAction { case signIn(SignInAction) }
                struct AppEnvironment { var api: APIClient; static let live = Self(api: .live); static let mock = Self(api: .mock) }
                let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
                  signInReducer.pullback(state: \\.signIn, action: /AppAction.signIn, environment: { SignInEnvironment(api: $0.api, mainQueue: .main) })
                )
                """,
            "SignIn/SignInView.swift": """
                import ComposableArchitecture
                struct SignInView_Previews: PreviewProvider {
                  static var previews: some View {
                    SignInView(store: Store(initialState: SignInState(), reducer: signInReducer, environment: .init(api: .mock, mainQueue: .main)))
                  }
                }
                """,
        ])
        #expect(found.contains(Found(rule: "environment-missing-mock", file: "SignIn/SignInCore.swift", line: 4)), "\(found)")
    }

    @Test func aHookOverAPresentedDestinationOfAnAppProtocolFeatureIsAChildSwitch() throws {
        let (found, _) = try Self.check([
            "Core/FeatureReducer.swift": """
                import ComposableArchitecture
                protocol FeatureReducer: Reducer where Action == FeatureAction<Self> {
                  associatedtype Destination: DestinationReducer
                  func reduce(into state: inout State, presentedAction: Destination.Action) -> Effect<Action>
                }
                protocol DestinationReducer: Reducer {}
                """,
            "Filters/Filters.swift": """
                import ComposableArchitecture
                struct Filters: FeatureReducer {
                  struct State: Hashable {}
                  struct Destination: DestinationReducer {
                    enum State: Hashable { case tags(Tags.State) }
                    enum Action: Equatable { case tags(Tags.Action), confirm(ConfirmAlert) }
                    enum ConfirmAlert { case ok, cancel }
                    var body: some ReducerOf<Self> { EmptyReducer() }
                  }
                  func reduce(into state: inout State, presentedAction: Destination.Action) -> Effect<Action> {
                    switch presentedAction {
                    case .tags(.delegate(.selected)):
                      return .none
                    default:
                      return .none
                    }
                  }
                }
                """,
        ])
        #expect(!found.contains { $0.rule == "reducer-default-case" }, "\(found)")
    }

    @Test func aChildReducerCombinedBareIsScopedByItsParent() throws {
        let (found, _) = try Self.check([
            "Keyword/KeywordCore.swift": """
                import ComposableArchitecture
                struct KeywordState: Equatable {}
                enum KeywordAction { case appeared }
                struct KeywordEnvironment { var mainQueue: AnySchedulerOf<DispatchQueue> }
                let keywordReducer = Reducer.combine([
                  Reducer<KeywordState, KeywordAction, KeywordEnvironment> { _, _, _ in .none }
                ])
                """,
            "Keyword/KeywordScreenCore.swift": """
                import ComposableArchitecture
                enum KeywordScreenState: Equatable { case keyword(KeywordState) }
                enum KeywordScreenAction { case keyword(KeywordAction) }
                struct KeywordScreenEnvironment { var mainQueue: AnySchedulerOf<DispatchQueue> }
                let keywordScreenReducer = Reducer<KeywordScreenState, KeywordScreenAction, KeywordScreenEnvironment>.combine([
                  keywordReducer.pullback(state: /KeywordScreenState.keyword, action: /KeywordScreenAction.keyword,
                    environment: { KeywordEnvironment(mainQueue: $0.mainQueue) })
                ])
                """,
        ])
        #expect(Self.rules(found, in: "Keyword/KeywordCore.swift").filter { $0.hasPrefix("environment-missing") }.isEmpty, "\(found)")
    }

    @Test func aChildEnvironmentIsDerivedThroughAliasesAndWrappersUnlessItsParentIgnoresItsOwn() throws {
        let child = { (name: String) in
            """
            import ComposableArchitecture
            public struct \(name)State: Equatable {}
            public enum \(name)Action { case tapped }
            public struct \(name)Environment { var save: () -> Effect<Bool, Never> }
            public typealias \(name)Reducer = Reducer<\(name)State, \(name)Action, SystemEnvironment<\(name)Environment>>
            public let \(name.lowercased())Reducer = \(name)Reducer { _, _, _ in .none }.binding()
            """
        }
        let (found, _) = try Self.check([
            "Add/AddFeature.swift": child("Add"),
            "Pay/PayFeature.swift": child("Pay"),
            "App/Coordinator.swift": """
                import ComposableArchitecture
                enum ScreenState: Equatable { case add(AddState), pay(PayState) }
                enum ScreenAction { case add(AddAction), pay(PayAction) }
                let screenReducer = Reducer<ScreenState, ScreenAction, SystemEnvironment<AppEnvironment>>.combine(
                  addReducer.pullback(state: /ScreenState.add, action: /ScreenAction.add,
                    environment: { $0.map { AddEnvironment(save: $0.save) } }),
                  payReducer.pullback(state: /ScreenState.pay, action: /ScreenAction.pay,
                    environment: { _ in .dev(environment: PayEnvironment(save: { .none })) })
                )
                """,
        ])
        #expect(Self.rules(found, in: "Add/AddFeature.swift").filter { $0.hasPrefix("environment-missing") }.isEmpty, "\(found)")
        #expect(found.contains(Found(rule: "environment-missing-mock", file: "Pay/PayFeature.swift", line: 4)), "\(found)")
    }

    @Test func serviceLocatorsAndSystemSingletonsAreDirectDependencies() throws {
        let (found, _) = try Self.check([
            "Core/DI.swift": "import Swinject\nlet container = Container()",
            "Tab/TabFeature.swift": """
                import ComposableArchitecture
                @Reducer struct TabFeature {
                  struct State: Equatable { var device = "" }
                  enum Action { case appeared }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      let useCase = DIContainer.resolve(FetchUseCase.self)
                      let service = container.resolve(BankService.self)
                      state.device = UIDevice.current.name
                      _ = (useCase, service)
                      return .none
                    }
                  }
                }
                """,
        ])
        let file = "Tab/TabFeature.swift"
        #expect(found.contains(Found(rule: "reducer-direct-dependency", file: file, line: 7)), "\(found)")
        #expect(found.contains(Found(rule: "reducer-direct-dependency", file: file, line: 8)), "\(found)")
        #expect(found.contains(Found(rule: "reducer-direct-dependency", file: file, line: 9)), "\(found)")
    }

    @Test func aModuleNamedForItsLayerAndATestingTargetAreKnown() throws {
        let (found, _) = try Self.check([
            // The manifest names the target too (outside any layer's folder): the name's
            // ending still says its layer.
            "Wine/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "Wine", targets: [.target(name: "WineData"), .target(name: "WineCellarData")])
                """,
            "Wine/Sources/WineData/WineAPI.swift": "public struct WineAPI {}",
            "App/Screens/WineList.swift": """
                import ComposableArchitecture
                import WineData
                import WineCellarData
                @Reducer struct WineList {
                  struct State: Equatable {}
                  enum Action { case appeared }
                  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
                }
                """,
            "Projects/Domain/Auth/Project.swift": "import ProjectDescription\nlet project = Project.module(.domain, \"Auth\")",
            "Projects/Domain/Auth/Testing/AuthClientMock.swift": "import ComposableArchitecture\nstruct AuthClientMock {}",
            "Projects/Domain/Sources/Exports.swift": "@_exported import DomainAuthImplementation",
        ])
        #expect(found.contains(Found(rule: "layer-dependency-direction", file: "App/Screens/WineList.swift", line: 2)), "\(found)")
        #expect(found.contains(Found(rule: "layer-dependency-direction", file: "App/Screens/WineList.swift", line: 3)), "\(found)")
        #expect(Self.rules(found, in: "Projects/Domain/Auth/Testing/AuthClientMock.swift").isEmpty, "\(found)")
        #expect(Self.rules(found, in: "Projects/Domain/Sources/Exports.swift").isEmpty, "\(found)")
    }

    @Test func aMethodTheReducerCallsRunsWhereItIsCalled() throws {
        let (found, _) = try Self.check([
            "Player/PlayerFeature.swift": """
                import ComposableArchitecture
                @Reducer struct PlayerFeature {
                  struct State: Equatable { var saved = false }
                  enum Action { case started, shareTapped }
                  @Dependency(\\.player) var player
                  var body: some ReducerOf<Self> { reducer() }
                }
                """,
            "Player/PlayerFeature+Reducer.swift": """
                import ComposableArchitecture
                import Photos
                extension PlayerFeature {
                  func reducer() -> Reduce<State, Action> {
                    Reduce { state, action in
                      switch action {
                      case .started:
                        player.play()
                        configure()
                        return .none
                      case .shareTapped:
                        return .run { _ in try await self.save() }
                      }
                    }
                  }
                  private func configure() {
                    FirebaseApp.configure()
                    Validation.check(1)
                  }
                  private func save() async throws {
                    try await PHPhotoLibrary.shared().performChanges {}
                    FirebaseApp.configure()
                  }
                  private func unused() { print("never called") }
                }
                """,
            "Player/Validation.swift": "enum Validation { static func check(_ value: Int) {} }",
        ])
        let file = "Player/PlayerFeature+Reducer.swift"
        // A dependency of the type, reached from a reducer built in one of its methods.
        #expect(found.contains(Found(rule: "reducer-side-effect", file: file, line: 8)), "\(found)")
        // A helper called in the body: a framework's static function for its side effect;
        // the project's own static function is not judged so.
        #expect(found.contains(Found(rule: "reducer-side-effect", file: file, line: 17)), "\(found)")
        #expect(!found.contains(Found(rule: "reducer-side-effect", file: file, line: 18)), "\(found)")
        // A helper run from an effect: its singleton is the effect's direct dependency, and
        // its statements no side effect of the body.
        #expect(found.contains(Found(rule: "reducer-direct-dependency", file: file, line: 21)), "\(found)")
        #expect(!found.contains(Found(rule: "reducer-side-effect", file: file, line: 22)), "\(found)")
        #expect(!found.contains(Found(rule: "reducer-side-effect", file: file, line: 24)), "\(found)")
    }

    // MARK: What a name stands for

    @Test func aReducerTypesStateAndActionAreWhatSwiftInfersOrAnAliasNames() throws {
        let (found, _) = try Self.check([
            // The primary associated types of `body` name the State and Action.
            "Rating/RatingReducer.swift": """
                import ComposableArchitecture
                enum RatingAction: Equatable { case ratingTapped(Int), ratingDragEnded }
                struct RatingState { var value = 0 }
                struct RatingReducer: Reducer {
                  var body: some Reducer<RatingState, RatingAction> {
                    Reduce { state, action in
                      switch action {
                      case let .ratingTapped(value): state.value = value
                      default: break
                      }
                      return .none
                    }
                  }
                }
                """,
            // A legacy reducer in a namespace enum switches over the Action it writes.
            "Settings/SettingsCoordinator.swift": """
                import ComposableArchitecture
                enum SettingsCoordinator {
                  struct Environment {}
                  struct CoordinatorState: Equatable { var routes: [String] }
                  enum CoordinatorAction { case logOutTapped, updateRoutes([String]), signedOut }
                  static let reducer = Reducer<CoordinatorState, CoordinatorAction, Environment> { state, action, _ in
                    switch action {
                    case .logOutTapped: return Effect(value: .signedOut)
                    case _: return .none
                    }
                  }
                }
                """,
            // A hook given another reducer's `Action` is a child switch, as before.
            "Home/Home.swift": """
                import ComposableArchitecture
                @Reducer struct Home {
                  struct State: Equatable {}
                  enum Action { case onAppear, destination(PresentationAction<Destination.Action>) }
                  @Reducer struct Destination {
                    struct State: Equatable {}
                    enum Action { case confirmed, cancelled }
                  }
                  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
                  func reduce(into state: inout State, presentedAction: Destination.Action) -> Effect<Action> {
                    switch presentedAction {
                    case .confirmed: return .none
                    default: return .none
                    }
                  }
                }
                """,
        ])
        #expect(found.contains(Found(rule: "reducer-default-case", file: "Rating/RatingReducer.swift", line: 9)), "\(found)")
        #expect(found.contains(Found(rule: "state-must-be-equatable", file: "Rating/RatingReducer.swift", line: 3)), "\(found)")
        #expect(found.contains(Found(rule: "reducer-default-case", file: "Settings/SettingsCoordinator.swift", line: 9)), "\(found)")
        #expect(Self.rules(found, in: "Home/Home.swift").isEmpty, "\(found)")
    }

    // MARK: What the app's own types' members do

    @Test func aMemberOfAnotherTypeRunsWhatItsBodyDoes() throws {
        let (found, _) = try Self.check([
            "Profile/ProfileFeature.swift": """
                import ComposableArchitecture
                @Reducer struct ProfileFeature {
                  struct State: Equatable { var nickname = ""; var recorder = Recorder(); var title = ""; var day: Day?; var today: Day? }
                  enum Action { case onAppear, saveTapped, recordTapped, loaded(String) }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .onAppear:
                        state.nickname = Preferences.nickname
                        state.title = Titles.make(state.nickname)
                        return .run { send in await send(.loaded(Preferences.nickname)) }
                      case .saveTapped:
                        Preferences.shared.remember(state.nickname)
                        return .none
                      case .recordTapped:
                        state.recorder.start()
                        state.day = Day(year: 2026)
                        state.today = Day()
                        return .none
                      case .loaded:
                        return .none
                      }
                    }
                  }
                }
                """,
            "Support/Preferences.swift": """
                import Foundation
                final class Preferences {
                  static let shared = Preferences()
                  @Stored(key: "nickname") static var nickname: String
                  func remember(_ value: String) { write(value) }
                  private func write(_ value: String) { UserDefaults.standard.set(value, forKey: "last") }
                }
                @propertyWrapper struct Stored {
                  let key: String
                  var wrappedValue: String { UserDefaults.standard.string(forKey: key) ?? "" }
                }
                """,
            "Support/Day.swift": """
                import Foundation
                struct Day: Equatable {
                  var year: Int
                  init(year: Int, month: Int = 1) { self.year = year }
                  init() { self.year = Calendar.current.component(.year, from: Date()) }
                }
                """,
            "Support/Titles.swift": """
                enum Titles { static func make(_ name: String) -> String { print("title for", name); return name.uppercased() } }
                """,
            "Support/Recorder.swift": """
                import Foundation
                final class Recorder: Equatable {
                  static func == (lhs: Recorder, rhs: Recorder) -> Bool { lhs === rhs }
                  func start() { FileManager.default.createFile(atPath: "/tmp/take", contents: nil) }
                }
                """,
        ])
        let file = "Profile/ProfileFeature.swift"
        let reported = Set(found.filter { $0.file == file && $0.rule == "reducer-side-effect" }.map(\.line))
        // Read through a property wrapper kept in the defaults; a singleton's method that
        // writes them through another; a method of a class the State holds that writes a
        // file; the initializer that reads the clock, not its overload that does not.
        #expect(reported.isSuperset(of: [9, 13, 16, 18]), "\(found)")
        // A member that only logs, the same effectful member read inside an effect, and
        // the pure overload of an initializer.
        #expect(reported.isDisjoint(with: [10, 11, 17]), "\(found)")
    }

    @Test func anObjectStateHoldsByReferenceIsChangedOutsideState() throws {
        let (found, _) = try Self.check([
            "Player/PlayerFeature.swift": """
                import ComposableArchitecture
                @Reducer struct PlayerFeature {
                  struct State { var player: Player?; var tracks: [Track] = []; var queue = Queue(); var title = "" }
                  enum Action { case skipTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .skipTapped:
                        state.player?.skip()
                        state.tracks.append(Track())
                        state.queue.push(1)
                        state.title = state.player?.title() ?? ""
                        return .none
                      }
                    }
                  }
                }
                """,
            "Player/Player.swift": """
                final class Player {
                  private var position = 0
                  func skip() { position += 1 }
                  func title() -> String { "\\(position)" }
                }
                final class Track {}
                struct Queue { var items: [Int] = []; mutating func push(_ item: Int) { items.append(item) } }
                """,
        ])
        let reported = found.filter { $0.file == "Player/PlayerFeature.swift" && $0.rule == "reducer-side-effect" }.map(\.line)
        // The class held in State, called for what it does; not an array of objects (a value),
        // a struct's mutating method, nor a call whose result is used.
        #expect(reported == [9], "\(found)")
    }

    @Test func aReducerTypesSetupCodeTakesItsDependenciesAsTheReducerDoes() throws {
        let (found, _) = try Self.check([
            "Tabs/TabsFeature.swift": """
                import ComposableArchitecture
                @Reducer struct TabsFeature {
                  struct State: Equatable { var home = HomeFeature.State(); var relay = AddRelayService.State(); var names: [String] = [] }
                  enum Action { case home(HomeFeature.Action), relay(AddRelayService.Action), shared, loadTapped }
                  private let payService: PayService
                  init() { payService = DIContainer.resolve(PayService.self) }
                  var body: some ReducerOf<Self> {
                    Scope(state: \\.home, action: /Action.home) { HomeFeature(useCase: DIContainer.resolve(HomeUseCase.self)) }
                    Scope(state: \\.relay, action: \\.relay) { AddRelayService() }
                    Reduce { state, action in
                      switch action {
                      case .loadTapped:
                        state.names = loadNames()
                        return .none
                      case .home, .relay, .shared:
                        return .none
                      }
                    }
                  }
                  private func loadNames() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? [] }
                }
                """,
            "Relay/AddRelayService.swift": """
                import ComposableArchitecture
                @Reducer struct AddRelayService {
                  struct State: Equatable {}
                  enum Action { case save }
                  var body: some ReducerOf<Self> { EmptyReducer() }
                }
                """,
        ])
        let file = "Tabs/TabsFeature.swift"
        let dependencies = found.filter { $0.file == file && $0.rule == "reducer-direct-dependency" }.map(\.line)
        // The container asked in the initializer and in `body` around a child; not a child
        // reducer whose name ends in `Service`, declared elsewhere.
        #expect(dependencies.sorted() == [6, 8], "\(found)")
        // A helper the reducer in `body` calls stays the reducer's work, read where it runs.
        let effects = found.filter { $0.file == file && $0.rule == "reducer-side-effect" }.map(\.line)
        #expect(effects == [20], "\(found)")
    }

    @Test func aGlassModifierTheAppDeclaresIsTheApps() throws {
        let (found, _) = try Self.check([
            "Profile/ProfileCard.swift": """
                import SwiftUI
                struct ProfileCard: View {
                  var body: some View {
                    VStack {
                      Text("Profile").glassEffect(enabled: true)
                      Text("Name").glassEffect()
                    }
                  }
                }
                """,
            "DesignSystem/View+Glass.swift": """
                import SwiftUI
                extension View {
                  @ViewBuilder func glassEffect(enabled: Bool) -> some View {
                    if #available(iOS 26.0, *), enabled { self.glassEffect(.regular) } else { self }
                  }
                }
                """,
        ])
        let reported = Set(found.filter { $0.rule == "glass-without-availability" }.map { "\($0.file):\($0.line)" })
        // The app declares a `glassEffect` of its own: its uses are the app's, whatever their
        // arguments (a miss is preferred to telling SwiftUI's from the shim by overload).
        #expect(reported.isEmpty, "\(found)")
    }
}
