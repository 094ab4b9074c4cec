import RulebookCore
import RulebookSwiftSource
import Testing

/// The facts the front end collects for reducer, view, environment and architecture rules.
struct FeatureFactsTests {
    static func model(_ source: String, file: String = "Feature.swift", feature: String = "Login") -> FeatureModel {
        SwiftFeatureParser.model(featureName: feature, files: [SourceFile(path: file, contents: source)])
    }

    @Test func legacyReducerClosureRecordsSitesSwitchAndEnvironment() throws {
        let model = Self.model("""
            let loginReducer = Reducer<LoginState, LoginAction, LoginEnvironment> { state, action, env in
              switch action {
              case .tapped, .other(let x):
                print("tapped")
                env.analytics.track("x")
                return env.client.fetch().catchToEffect()
              case let .loaded(.success(value)):
                return .run { send in await send(.done) }
              default:
                return .none
              }
            }
            """)
        let reducer = try #require(model.reducers.first)
        #expect(reducer.owner == "loginReducer")
        #expect(reducer.dependencies.map(\.name) == ["env"])
        #expect(reducer.switches.first?.handledCases == ["tapped", "other", "loaded"])
        #expect(reducer.switches.first?.defaultLocation?.line == 9)
        let calls = reducer.sites.filter { $0.kind == .call }
        let print = try #require(calls.first { $0.path == "print" })
        #expect(print.isStatement && !print.insideEffect)
        #expect(print.location.line == 4 && print.location.column == 5)
        #expect(calls.first { $0.path == "env.analytics.track" }?.isStatement == true)
        #expect(calls.first { $0.path == "env.client.fetch().catchToEffect" }?.isStatement == false)
        #expect(calls.first { $0.path == "env.client.fetch" }?.isStatement == false)
        let awaitSite = try #require(reducer.sites.first { $0.kind == .await })
        #expect(awaitSite.insideEffect)
        #expect(calls.first { $0.path == "send" }?.insideEffect == true)
    }

    @Test func modernReducerIncludesReduceClosureHelpersAndDependencies() throws {
        let model = Self.model("""
            @Reducer
            struct LoginFeature {
              @ObservableState struct State: Equatable {}
              enum Action { case a, b }
              @Dependency(\\.analyticsClient) var analytics
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .a: return handle(&state)
                  case .b:
                    let now = Date.now
                    return .none
                  }
                }
              }
              private func handle(_ state: inout State) -> Effect<Action> {
                UserDefaults.standard.set(1, forKey: "k")
                return .none
              }
            }
            """, file: "LoginFeature.swift", feature: "LoginFeature")
        #expect(model.reducers.count == 2)
        #expect(model.reducers.allSatisfy { $0.owner == "LoginFeature" })
        #expect(model.reducers.first?.dependencies.map(\.dependencyKey) == ["analyticsClient"])
        #expect(model.reducers.first?.sites.contains { $0.kind == .reference && $0.path == "Date.now" } == true)
        #expect(model.reducers.last?.sites.contains { $0.path == "UserDefaults.standard.set" && $0.isStatement } == true)
    }

    @Test func viewsRecordStoreObservationAndAnimationSources() throws {
        let model = Self.model("""
            struct LoginView: View {
              let store: Store<LoginState, LoginAction>
              @State private var scale: CGFloat = 1
              var body: some View {
                WithViewStore(store) { viewStore in
                  Text("x")
                    .scaleEffect(viewStore.buttonScale)
                    .opacity(viewStore.isVisible ? 1 : 0)
                    .rotationEffect(.degrees(0))
                    .animation(.default, value: viewStore.count)
                    .scaleEffect(scale)
                }
              }
            }
            struct PlainView: View {
              let store: StoreOf<Feature>
              var body: some View { Text("") }
            }
            """)
        let login = try #require(model.views.first { $0.name == "LoginView" })
        #expect(login.holdsStore && login.observesViewStore)
        #expect(login.animationModifiers.map(\.readsStore) == [true, false, false, false, false])
        #expect(login.animationModifiers.first?.location.line == 7)
        let plain = try #require(model.views.first { $0.name == "PlainView" })
        #expect(plain.holdsStore && !plain.observesViewStore)
    }

    /// A view's facts cover everything in its member block, a nested view's members too; the
    /// nested view has its own. Views keep the order their types are declared in.
    @Test func nestedViewsEachCollectTheirMembers() throws {
        let model = Self.model("""
            struct OuterView: View {
              let store: StoreOf<Feature>
              struct InnerView: View {
                var body: some View { Text("").opacity(store.alpha) }
              }
              var body: some View { IfLetStore(store.scope(state: \\.child)) { InnerView() } }
            }
            struct LastView: View {
              var body: some View { WithViewStore(store) { _ in Text("") } }
            }
            """)
        #expect(model.views.map(\.name) == ["OuterView", "OuterView.InnerView", "LastView"])
        let outer = model.views[0], inner = model.views[1], last = model.views[2]
        #expect(outer.animationModifiers.map(\.argument) == ["store.alpha"] && outer.forwardsStore && !outer.observesViewStore)
        #expect(inner.animationModifiers.map(\.argument) == ["store.alpha"] && !inner.forwardsStore && !inner.holdsStore)
        #expect(inner.animationModifiers.first?.location.line == 4)
        #expect(last.observesViewStore && last.animationModifiers.isEmpty)
    }

    @Test func environmentMembersStaticsAndMainSchedulers() throws {
        let model = Self.model("""
            struct LoginEnvironment {
              var mainQueue: AnySchedulerOf<DispatchQueue>
            }
            extension LoginEnvironment {
              static var mock: Self { Self(mainQueue: .main) }
              static func live() -> Self { Self(mainQueue: DispatchQueue.main.eraseToAnyScheduler()) }
            }
            """)
        let environment = try #require(model.environments.first)
        #expect(environment.hasStaticMember(named: "mock"))
        #expect(environment.hasStaticMember(named: "live"))
        #expect(environment.properties.first { $0.name == "mock" }?.mainSchedulerUses.map(\.line) == [5])
        #expect(environment.methods.first { $0.name == "live" }?.mainSchedulerUses.count == 1)
    }

    @Test func importsLayersReferencesAndGlass() throws {
        let model = Self.model("""
            import Foundation
            import SwiftUI
            public enum ProfileError: Error { case missing }
            struct Card: View {
              var body: some View {
                if #available(iOS 26.0, *) {
                  Text("a").glassEffect()
                } else {
                  Text("a").glassEffect()
                }
              }
              @available(iOS 26, *)
              var fancy: some View { GlassEffectContainer { Text("b") } }
            }
            """, file: "Features/Profile/Domain/ProfileError.swift")
        let file = try #require(model.files.first)
        #expect(file.layer == .domain)
        #expect(file.imports.map(\.module) == ["Foundation", "SwiftUI"])
        #expect(file.topLevelTypes == ["ProfileError", "Card"])
        #expect(file.glassUses.map(\.isAvailabilityGuarded) == [true, false, true])
        #expect(file.typeReferences.contains { $0.name == "View" })
        #expect(model.types.first?.accessLevel == "public")
    }

    /// An extension that gives a reducer its `body` (`extension Feature { var body: some
    /// ReducerOf<Self> { … } }`, the body in a file of its own) is the reducer's code, not a view:
    /// what it builds around its reducers is setup code, as in the type's declaration.
    @Test func aReducerBodyInAnExtensionIsSetupCodeNotAView() throws {
        let declaration = """
            @Reducer
            struct InboxFeature {
              @ObservableState
              struct State: Equatable { @Presents var compose: ComposeFeature.State? }
              enum Action { case compose(PresentationAction<ComposeFeature.Action>) }
            }
            """
        let body = """
            extension InboxFeature {
              var body: some ReducerOf<Self> {
                Reduce { _, _ in .none }
                  .ifLet(\\.$compose, action: \\.compose) { ComposeFeature() }
              }
            }
            """
        let files = [SourceFile(path: "InboxFeature.swift", contents: declaration), SourceFile(path: "InboxFeature+Reducer.swift", contents: body)]
        let model = SwiftFeatureParser.model(featureName: "Inbox", files: files, project: FileIndexer.context(ofProjectMadeOf: files))
        #expect(model.views.isEmpty)
        let setup = try #require(model.setups.first { $0.ownerType == "InboxFeature" })
        #expect(setup.sites.contains { $0.path.hasSuffix("ifLet") })
        #expect(model.reducers.contains { $0.ownerType == "InboxFeature" })
    }
}
