import RulebookCore
import RulebookSwiftSource
import Testing

/// Which code is a reducer body, and which of its closures run as effects (real-code
/// accuracy, `docs/accuracy.md`). Each test is our own minimal code for a shape seen in
/// public apps.
struct ReducerRecognitionTests {
    static func findings(_ source: String, path: String = "Sources/Home/HomeStore.swift", feature: String = "HomeStore") -> [Finding] {
        RuleEngine().findings(for: SwiftFeatureParser.model(featureName: feature, files: [SourceFile(path: path, contents: source)]))
    }

    static func lines(of rule: String, in findings: [Finding]) -> [Int] {
        findings.filter { $0.ruleId == rule }.compactMap(\.line)
    }

    @Test func legacyInitReducersInsideCombineAreReducers() {
        let findings = Self.findings("""
            import ComposableArchitecture
            enum HomeAction { case refresh, loaded(Result<[Int], Error>), child(ChildAction) }
            let homeReducer = Reducer<HomeState, HomeAction, HomeEnvironment>.combine(
              .init { state, action, environment in
                switch action {
                case .refresh:
                  print("refresh")
                  return .none
                default:
                  return .none
                }
              },
              childReducer.pullback(state: \\.child, action: /HomeAction.child, environment: { $0.child })
            )
            let bindingReducer = Reducer<HomeState, HomeAction, HomeEnvironment>.combine(
              .init { state, action, environment in
                switch action {
                default: return .none
                }
              }
              .binding()
            )
            let otherReducer = homeReducer.combined(with: Self { state, action, environment in
              switch action {
              case .refresh: return .none
              default: return .none
              }
            })
            """)
        #expect(Self.lines(of: "reducer-default-case", in: findings) == [9, 18, 26])
        #expect(Self.lines(of: "reducer-side-effect", in: findings) == [7])
    }

    @Test func higherOrderReducersInAReducerExtensionAreReducers() {
        let findings = Self.findings("""
            import ComposableArchitecture
            extension Reducer {
              static var logging: Self {
                Self { state, action, environment in
                  print(action)
                  return .none
                }
              }
              func traced() -> Self {
                .init { state, action, environment in
                  debugPrint(action)
                  return self.run(&state, action, environment)
                }
              }
            }
            """, path: "Sources/Reducer+Logging.swift", feature: "Reducer")
        #expect(Self.lines(of: "reducer-side-effect", in: findings) == [5, 11])
    }

    @Test func anInitWithAClosureElsewhereIsNoReducer() {
        let findings = Self.findings("""
            import SwiftUI
            let formatter = Formatter.combine(
              .init { state, action, environment in
                print(state)
              }
            )
            struct Row: View {
              var body: some View {
                Button(action: { print("tapped") }) { Text("Row") }
              }
            }
            """, path: "Sources/Row.swift", feature: "Row")
        #expect(findings.isEmpty)
    }

    @Test func aReducerWrittenAsAFunctionInAnExtensionIsAReducer() {
        let findings = Self.findings("""
            import ComposableArchitecture
            struct AppReducer: ReducerProtocol {
              struct State: Equatable {}
              enum Action { case launched, closed, settingsLoaded(Int) }
              var body: some ReducerProtocol<State, Action> { Reduce(self.core) }
            }
            extension AppReducer {
              func core(state: inout State, action: Action) -> EffectTask<Action> {
                switch action {
                case .launched:
                  return .none
                default:
                  break
                }
                return .none
              }
              func title(for state: inout State) -> String { "" }
            }
            """, path: "Sources/App/AppReducer+Core.swift", feature: "App")
        #expect(Self.lines(of: "reducer-default-case", in: findings) == [12])
    }

    @Test func closuresOfTheReturnedEffectRunAsTheEffect() {
        let findings = Self.findings("""
            import ComposableArchitecture
            let searchReducer = Reducer<SearchState, SearchAction, SearchEnvironment> { state, action, environment in
              switch action {
              case .refresh:
                let started = Date()
                return environment.search(state.query)
                  .handleEvents(receiveOutput: { _ in Task { await environment.analytics.track("searched") } })
                  .map { results in SearchAction.loaded(results, Date().timeIntervalSince(started)) }
                  .eraseToEffect()
              case .appeared:
                return .exec { send in
                  print("appeared")
                  await send(.refresh)
                }
              case .loaded:
                return .none
              }
            }
            """, path: "Sources/Search/SearchReducer.swift", feature: "Search")
        #expect(Self.lines(of: "reducer-side-effect", in: findings) == [5])
    }

    @Test func aSwitchOverAChildActionBoundToTheSameNameIsTheChilds() {
        let model = SwiftFeatureParser.model(
            featureName: "Settings",
            files: [SourceFile(path: "SettingsFeature.swift", contents: """
                @Reducer
                struct Settings {
                  enum Action { case path(StackAction<Path.State, Path.Action>), saveTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .path(.element(id: _, action: let action)):
                        switch action {
                        case .detail(.saved): return .none
                        default: return .none
                        }
                      case .saveTapped:
                        if case let .path(action) = action {
                          switch action { default: break }
                        }
                        return .none
                      case .path:
                        return .none
                      }
                    }
                  }
                }
                """)])
        #expect(model.reducers.first?.switches.map(\.location.line) == [6])
    }

    @Test func anAsyncClosureRunsLaterAsAnEffectOrATask() {
        let findings = Self.findings("""
            import ComposableArchitecture
            @Reducer
            struct Sync {
              struct State: Equatable {}
              enum Action { case launched, refreshed }
              func reduce(into state: inout State, action: Action) -> Effect<Action> {
                switch action {
                case .launched:
                  var effects: [Effect<Action>] = []
                  effects.append(.exec { send in
                    UserDefaults.standard.set(true, forKey: "launched")
                    await send(.refreshed)
                  })
                  let main = Effect<Action>.exec { _ in try await Task.sleep(for: .seconds(1)) }
                  return .merge(effects + [main])
                case .refreshed:
                  Task {
                    print("refreshed")
                    await save()
                  }
                  return .none
                }
              }
            }
            """, path: "Sources/Sync/Sync.swift", feature: "Sync")
        #expect(findings.filter { $0.ruleId == "reducer-side-effect" }.map { "\($0.line ?? 0):\($0.column ?? 0)" } == ["17:7"])
    }

    @Test func appReducersComposedBesideAReduceAreRecorded() {
        let model = SwiftFeatureParser.model(featureName: "AppReducer", files: [SourceFile(path: "Sources/App/AppReducer.swift", contents: """
            import ComposableArchitecture
            @Reducer
            struct AppReducer {
              struct State: Equatable {}
              enum Action { case onLaunch, child(Child.Action) }
              var body: some ReducerOf<Self> {
                BindingReducer()
                Scope(state: \\.child, action: \\.child) { Child() }
                Reduce { state, action in .none }
                  .ifLet(\\.sheet, action: \\.sheet) { Sheet() }
                FilterFeature.RootReducer().onChange(of: \\.isOn) { _, _ in EmptyReducer() }
                MenuBarFeature.RootReducer()
              }
            }
            struct Other: Reducer {
              var body: some ReducerOf<Self> {
                Reduce { state, action in .none }
              }
            }
            """)])
        #expect(model.reducers.map(\.composedReducers) == [["FilterFeature.RootReducer", "MenuBarFeature.RootReducer"], []])
    }
}
