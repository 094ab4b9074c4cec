import RulebookCore
import RulebookSwiftSource
import Testing

/// What the rest of a project tells a feature's check (`ProjectContext`): each test is a
/// small project of our own, checked as `rulebook check` checks it, one spec per file.
struct ProjectContextTests {
    /// The findings of each file of the project, checked as a spec of its own with the
    /// context the whole project gives it, by path.
    static func check(_ project: [String: String]) -> [String: [Finding]] {
        let (files, indexes) = indexed(project)
        let whole = ProjectIndex(indexes)
        var findings: [String: [Finding]] = [:]
        for (file, index) in zip(files, indexes) {
            let stem = String(file.path.split(separator: "/").last!.dropLast(".swift".count))
            let model = SwiftFeatureParser.model(
                featureName: FeatureNaming.featureName(forFileStem: stem), files: [file],
                project: whole.context(for: [index], texts: [file.contents]))
            findings[file.path] = RuleEngine().findings(for: model)
        }
        return findings
    }

    /// The project's files, sorted by path, and the index of each.
    static func indexed(_ project: [String: String]) -> (files: [SourceFile], indexes: [FileIndex]) {
        let files = project.keys.sorted().map { SourceFile(path: $0, contents: project[$0]!) }
        let indexes = files.map { file in
            var index = FileIndexer.index(contents: file.contents)
            index.path = file.path
            return index
        }
        return (files, indexes)
    }

    static func rules(_ findings: [Finding]?) -> [String] {
        (findings ?? []).map(\.ruleId).sorted()
    }

    static let searchReducer = """
        import ComposableArchitecture
        let searchReducer = Reducer<SearchState, SearchAction, SearchEnvironment> { _, _, _ in .none }
        """

    @Test func aStaticMemberAddedInAnotherFileCounts() {
        let findings = Self.check([
            "Search/SearchEnvironment.swift": """
                struct SearchEnvironment {
                  var client: SearchClient
                  static let mock = SearchEnvironment(client: .mock)
                }
                """,
            "Search/SearchReducer.swift": Self.searchReducer,
            "Live/SearchEnvironment+Live.swift": "extension SearchEnvironment { static let live = SearchEnvironment(client: .live) }",
        ])
        #expect(Self.rules(findings["Search/SearchEnvironment.swift"]).isEmpty)
    }

    @Test func anExtensionIsAboutTheNearestOfSameNamedTypes() {
        let environment = "struct WeatherEnvironment { var client: WeatherClient\n static let mock = WeatherEnvironment(client: .mock) }"
        let reducer = "let weatherReducer = Reducer<WeatherState, WeatherAction, WeatherEnvironment> { _, _, _ in .none }"
        let findings = Self.check([
            "Clean/WeatherEnvironment.swift": environment,
            "Clean/WeatherReducer.swift": reducer,
            "Clean/WeatherEnvironment+Live.swift": "extension WeatherEnvironment { static let live = WeatherEnvironment(client: .live) }",
            "Violation/WeatherEnvironment.swift": environment,
            "Violation/WeatherReducer.swift": reducer,
        ])
        #expect(Self.rules(findings["Clean/WeatherEnvironment.swift"]).isEmpty)
        #expect(Self.rules(findings["Violation/WeatherEnvironment.swift"]) == ["environment-missing-live"])
    }

    @Test func aChildEnvironmentItsParentBuildsNeedsNoLiveOrMockUnlessBuiltElsewhere() {
        let child = { (name: String, reducer: String) in
            """
            import ComposableArchitecture
            struct \(name)Environment { var client: \(name)Client }
            let \(reducer) = Reducer<\(name)State, \(name)Action, \(name)Environment> { _, _, _ in .none }
            """
        }
        let findings = Self.check([
            "Home/HomeStore.swift": child("Home", "homeReducer"),
            "TabBar/TabBarStore.swift": child("TabBar", "tabBarReducer"),
            "Home/HomeView.swift": """
                import SwiftUI
                struct HomeView_Previews: PreviewProvider {
                  static var previews: some View {
                    HomeView(store: Store(initialState: HomeState(), reducer: homeReducer, environment: HomeEnvironment(client: .live)))
                  }
                }
                """,
            "App/AppStore.swift": """
                import ComposableArchitecture
                struct AppEnvironment {
                  var homeClient: HomeClient
                  var tabBarClient: TabBarClient
                  static let live = AppEnvironment(homeClient: .live, tabBarClient: .live)
                  static let mock = AppEnvironment(homeClient: .mock, tabBarClient: .mock)
                }
                let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
                  homeReducer.pullback(state: \\.home, action: /AppAction.home, environment: { HomeEnvironment(client: $0.homeClient) }),
                  tabBarReducer.optional().pullback(state: \\.tabBar, action: /AppAction.tabBar, environment: { .init(client: $0.tabBarClient) })
                )
                """,
        ])
        #expect(Self.rules(findings["TabBar/TabBarStore.swift"]).isEmpty)
        // The preview builds HomeEnvironment itself: it needs a `.mock`, not a `.live`.
        #expect(Self.rules(findings["Home/HomeStore.swift"]) == ["environment-missing-mock"])
        #expect(Self.rules(findings["App/AppStore.swift"]).isEmpty)
    }

    @Test func aProtocolRefiningEquatableInAnotherFileCounts() {
        let findings = Self.check([
            "Architecture/Feature.swift": "public protocol FeatureState: Hashable, Sendable {}\npublic protocol Loose: Sendable {}",
            "Library/LibraryFeature.swift": """
                import ComposableArchitecture
                @Reducer
                struct LibraryFeature {
                  struct State: FeatureState { var items: [Int] = [] }
                  enum Action { case onAppear }
                }
                """,
            "Search/SearchFeature.swift": """
                import ComposableArchitecture
                @Reducer
                struct SearchFeature {
                  struct State: Loose { var query = "" }
                  enum Action { case onAppear }
                }
                """,
        ])
        #expect(Self.rules(findings["Library/LibraryFeature.swift"]).isEmpty)
        #expect(Self.rules(findings["Search/SearchFeature.swift"]) == ["state-must-be-equatable"])
    }

    @Test func aTypeNamedLikeARoleIsOneOnlyIfAReducerNamesIt() {
        let model = """
            import Foundation
            struct GalleryState: Codable { var readingProgress = 0; var blurRadius: CGFloat = 0 }
            """
        let inAnApp = Self.check([
            "Models/GalleryState.swift": model,
            "Search/SearchReducer.swift": Self.searchReducer,
        ])
        #expect(Self.rules(inAnApp["Models/GalleryState.swift"]).isEmpty)
        // Checked alone, with no reducer to say otherwise, the name decides.
        let alone = Self.check(["Models/GalleryState.swift": model])
        #expect(Self.rules(alone["Models/GalleryState.swift"]) == ["state-animation-value", "state-must-be-equatable"])
    }

    @Test func liquidGlassNeedsNoGateInAnAppThatSupportsNothingOlderThanIOS26() {
        let card = "import SwiftUI\nstruct CardView: View { var body: some View { Text(\"x\").glassEffect() } }"
        let manifest = { (version: String) in
            "// swift-tools-version:6.2\nimport PackageDescription\nlet package = Package(name: \"App\", platforms: [.iOS(\(version)), .macOS(.v26)])"
        }
        #expect(Self.rules(Self.check(["Package.swift": manifest(".v26"), "Sources/CardView.swift": card])["Sources/CardView.swift"]).isEmpty)
        #expect(Self.rules(Self.check(["Package.swift": manifest("\"26.0\""), "Sources/CardView.swift": card])["Sources/CardView.swift"]).isEmpty)
        #expect(
            Self.rules(Self.check(["Package.swift": manifest(".v17"), "Sources/CardView.swift": card])["Sources/CardView.swift"])
                == ["glass-without-availability"])
        #expect(Self.rules(Self.check(["Sources/CardView.swift": card])["Sources/CardView.swift"]) == ["glass-without-availability"])
    }

    @Test func aTypealiasOfReducerMakesReducerTypesToo() {
        let findings = Self.check([
            "App/Types.swift": "import ComposableArchitecture\ntypealias FeatureReducer = Reducer",
            "App/MenuFeature.swift": """
                import ComposableArchitecture
                enum MenuFeature {
                  struct State: Equatable { var isOpen = false }
                  enum Action: Equatable { case tapped, receivedItems([String]) }
                  struct Reducer: FeatureReducer {}
                }
                """,
        ])
        #expect(Self.rules(findings["App/MenuFeature.swift"]) == ["action-response-without-result"])
    }

    @Test func aResponseFromADependencyThatCannotFailNeedsNoResult() {
        let client = """
            struct UserNotificationsClient {
              var getNotificationSettings: () -> Effect<Settings, Never>
              var deviceInfo: () async -> DeviceInfo
              var fetchProfile: () async throws -> Profile
              struct Settings: Equatable { var authorizationStatus: Int }
            }
            """
        let findings = Self.check([
            "Clients/UserNotificationsClient.swift": client,
            "Settings/SettingsAction.swift": """
                enum SettingsAction: Equatable {
                  case notificationSettingsResponse(UserNotificationsClient.Settings)
                  case receivedDeviceInfo(DeviceInfo)
                  case profileResponse(Profile)
                }
                """,
        ])
        #expect(findings["Settings/SettingsAction.swift"]?.map(\.line) == [4])
    }

    @Test func aResponseCarryingAProjectTypeThatCanFailNeedsNoResult() {
        let project = [
            "Models/Loadable.swift": "enum Loadable<Value> { case idle, loading, loaded(Value), failed(Error) }",
            "Models/Flag.swift": "enum Flag { struct Output { var error: Error? } }",
            "Feed/FeedAction.swift": """
                enum FeedAction: Equatable {
                  case itemsResponse(Loadable<[Item]>)
                  case flagResponse(Flag.Output)
                  case profileResponse(Profile)
                }
                """,
        ]
        #expect(Self.check(project)["Feed/FeedAction.swift"]?.map(\.line) == [4])
        // Only the failable types a spec mentions travel with it.
        let (files, indexes) = Self.indexed(project)
        let whole = ProjectIndex(indexes)
        #expect(whole.context(for: [indexes[0]], texts: [files[0].contents]).failableTypes == ["Flag.Output", "Loadable"])
        #expect(whole.context(for: [indexes[2]], texts: [files[2].contents]).failableTypes == ["Loadable"])
    }

    @Test func aStatePropertyComputedInAnotherFileIsTheViewsToAnimate() {
        let findings = Self.check([
            "Panel/SuggestionPanel.swift": """
                import ComposableArchitecture
                @Reducer
                struct SuggestionPanel {
                  @ObservableState
                  struct State: Equatable {
                    var isPanelDisplayed = false
                    var rowOpacity = 0.5
                    var opacity: Double { isPanelDisplayed ? 1 : 0 }
                  }
                  enum Action { case appeared }
                }
                """,
            "Panel/SuggestionPanelView.swift": """
                import SwiftUI
                struct SuggestionPanelView: View {
                  let store: StoreOf<SuggestionPanel>
                  var body: some View {
                    Text("Suggestion").opacity(store.opacity)
                    Text("Row").opacity(store.rowOpacity)
                  }
                }
                """,
        ])
        #expect(findings["Panel/SuggestionPanelView.swift"]?.map { "\($0.ruleId):\($0.line ?? 0)" } == ["view-animation-from-store:6"])
    }
}
