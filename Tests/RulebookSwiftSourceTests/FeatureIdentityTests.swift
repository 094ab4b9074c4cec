import RulebookCore
import RulebookSwiftSource
import Testing

/// Which types make a feature: by scope and by use, not by name alone (real-code accuracy,
/// `docs/accuracy.md`). Each test is our own minimal code for a shape seen in public apps.
struct FeatureIdentityTests {
    /// Every rule, test code included: these fixtures are the features under test.
    static let engine = RuleEngine(configuration: RuleConfiguration(testCode: .checked))

    /// Two test methods, each with its own fixture feature named `Feature`.
    static let twoFixtures = """
        import ComposableArchitecture
        import XCTest

        final class FeatureTests: XCTestCase {
          func testOne() async {
            @Reducer
            struct Feature {
              struct State { var count = 0 }
              enum Action { case tapped, update }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .tapped: return .none
                  }
                }
              }
            }
          }
          func testTwo() async {
            @Reducer
            struct Feature {
              struct State: Equatable { var count = 0 }
              enum Action { case increment, decrement }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .increment: return .none
                  case .decrement: return .none
                  }
                }
              }
            }
          }
        }
        """

    @Test func sameNamedFeaturesOfTwoFunctionsStayTwoFeatures() {
        let model = SwiftFeatureParser.model(
            featureName: "FeatureTests", files: [SourceFile(path: "Tests/FeatureTests.swift", contents: Self.twoFixtures)])
        #expect(model.states.map(\.qualifiedName) == ["FeatureTests.testOne().Feature.State", "FeatureTests.testTwo().Feature.State"])
        #expect(model.actions.map(\.qualifiedName) == ["FeatureTests.testOne().Feature.Action", "FeatureTests.testTwo().Feature.Action"])
        #expect(model.reducers.map(\.owner) == ["FeatureTests.testOne().Feature", "FeatureTests.testTwo().Feature"])
        #expect(model.states.map { String($0.nameInScope) } == ["Feature.State", "Feature.State"])
        #expect(model.states.allSatisfy { $0.isFunctionLocal })
    }

    @Test func eachFunctionLocalFeatureIsCheckedOnItsOwn() {
        let model = SwiftFeatureParser.model(
            featureName: "FeatureTests", files: [SourceFile(path: "Sources/FeatureTests.swift", contents: Self.twoFixtures)])
        let findings = Self.engine.findings(for: model)
        let places = findings.map { "\($0.ruleId)@\($0.line ?? 0)" }
        #expect(Set(places).count == places.count, "no finding is repeated: \(places)")
        // The first fixture's State is not Equatable, its `.update` is generic and unhandled;
        // the second fixture handles both of its own cases and is never told about `.update`.
        #expect(findings.filter { $0.ruleId == "state-must-be-equatable" }.map(\.line) == [8])
        #expect(findings.filter { $0.ruleId == "action-generic-case" }.map(\.line) == [9])
        let unhandled = findings.filter { $0.ruleId == "reducer-unhandled-action" }
        #expect(unhandled.map(\.line) == [12])
        #expect(unhandled.first?.message.contains("`.update`") == true)
    }

    @Test func legacyTypesDeclaredInAFunctionPlayTheirRoles() {
        let model = SwiftFeatureParser.model(
            featureName: "Counter",
            files: [SourceFile(path: "CounterTests.swift", contents: """
                func testCounter() {
                  struct CounterState { var scale: CGFloat = 1 }
                  enum CounterAction { case set(Int) }
                  let reducer = Reducer<CounterState, CounterAction, Void> { state, action, _ in
                    switch action {
                    case .set: return .none
                    }
                  }
                }
                """)])
        #expect(model.states.map(\.qualifiedName) == ["testCounter().CounterState"])
        #expect(model.actions.map(\.qualifiedName) == ["testCounter().CounterAction"])
        let rules = Set(Self.engine.findings(for: model).map(\.ruleId))
        #expect(rules.isSuperset(of: ["state-animation-value", "action-generic-case"]))
    }

    @Test func stateAndActionNamedByAReduceInATestArePlayingTheirRoles() {
        let model = SwiftFeatureParser.model(
            featureName: "StoreTests",
            files: [SourceFile(path: "StoreTests.swift", contents: """
                func testScope() async {
                  struct State { var count = 0 }
                  enum Action { case tap, update(Int) }
                  let store = TestStore(initialState: State()) {
                    Reduce<State, Action> { state, action in
                      switch action {
                      case .tap: return .none
                      case .update: return .none
                      }
                    }
                  }
                }
                """)])
        #expect(model.states.map(\.qualifiedName) == ["testScope().State"])
        #expect(model.actions.map(\.qualifiedName) == ["testScope().Action"])
        let rules = Self.engine.findings(for: model).map(\.ruleId).sorted()
        #expect(rules == ["action-generic-case", "state-must-be-equatable"])
    }

    @Test func aProtocolOrAGenericTypeIsNeverAFeatureRole() {
        let protocolModel = SwiftFeatureParser.model(
            featureName: "Feature",
            files: [SourceFile(path: "Feature.swift", contents: """
                import ComposableArchitecture
                public protocol FeatureAction: Equatable {}
                public protocol FeatureState: Equatable {}
                """)])
        #expect(protocolModel.actions.isEmpty && protocolModel.states.isEmpty)
        let genericModel = SwiftFeatureParser.model(
            featureName: "Binding",
            files: [SourceFile(path: "BindingAction.swift", contents: """
                import ComposableArchitecture
                struct BindingAction<Root>: Equatable {
                  let keyPath: PartialKeyPath<Root>
                }
                """)])
        #expect(genericModel.actions.isEmpty)
    }

    @Test func extensionsNeverReachATypeDeclaredInAFunction() {
        let model = SwiftFeatureParser.model(
            featureName: "Login",
            files: [SourceFile(path: "LoginTests.swift", contents: """
                struct LoginState { var email = "" }
                extension LoginState: Equatable {}
                func testLogin() {
                  struct LoginState { var password = "" }
                }
                """)])
        #expect(model.states.map(\.conformances) == [["Equatable"], []])
    }

    @Test func aNamespacedFeatureWhoseReducerRefinesReducerThroughTheProjectPlaysItsRoles() {
        let files = [
            SourceFile(path: "App/Types.swift", contents: "protocol FeatureReducer: Reducer where State == Feature.State {}"),
            SourceFile(path: "App/MenuBarFeature.swift", contents: """
                enum MenuBarFeature: Feature {
                  struct State: Equatable { var dropdownOpen = false; var iconScale: CGFloat = 1 }
                  enum Action: Equatable { case iconClicked, update }
                  struct Reducer: FeatureReducer {}
                }
                extension MenuBarFeature.Reducer {
                  func reduce(into state: inout State, action: Action) -> Effect<Action> {
                    switch action {
                    case .iconClicked: return .none
                    default: return .none
                    }
                  }
                }
                """),
        ]
        let project = FileIndexer.context(ofProjectMadeOf: files)
        let model = SwiftFeatureParser.model(featureName: "MenuBarFeature", files: [files[1]], project: project)
        #expect(model.dialect == .modern)
        #expect(model.states.map(\.qualifiedName) == ["MenuBarFeature.State"])
        #expect(model.actions.map(\.qualifiedName) == ["MenuBarFeature.Action"])
        let rules = Self.engine.findings(for: model).map(\.ruleId).sorted()
        #expect(rules == ["action-generic-case", "reducer-default-case", "state-animation-value"])
        // Without the project, `FeatureReducer` is unknown: no roles, and only the switch is judged.
        let alone = SwiftFeatureParser.model(featureName: "MenuBarFeature", files: [files[1]])
        #expect(alone.states.isEmpty)
    }

    @Test func aModernViewSplitIntoItsOwnFileIsNotLegacy() {
        let view = """
            import ComposableArchitecture
            import SwiftUI
            struct LoginView: View {
              let store: Store<LoginFeature.State, LoginFeature.Action>
              var body: some View {
                Button(store.email) { store.send(.loginTapped) }
              }
            }
            """
        let model = SwiftFeatureParser.model(featureName: "Login", files: [SourceFile(path: "Login/LoginView.swift", contents: view)])
        #expect(model.dialect != .legacy)
        #expect(!RuleEngine().findings(for: model).contains { $0.ruleId == "view-missing-view-store" })
        let legacy = SwiftFeatureParser.model(
            featureName: "Login",
            files: [SourceFile(path: "Login/LoginView.swift", contents: view.replacingOccurrences(of: "LoginFeature.State, LoginFeature.Action", with: "LoginState, LoginAction"))])
        #expect(RuleEngine().findings(for: legacy).map(\.ruleId) == ["view-missing-view-store"])
    }
}
