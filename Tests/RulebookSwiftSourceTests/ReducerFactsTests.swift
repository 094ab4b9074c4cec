import RulebookCore
import RulebookSwiftSource
import Testing

/// Facts the reducer and view rules rely on: site nesting and arguments, catch-all cases,
/// the reducer's action type and views that hand their store on.
struct ReducerFactsTests {
    static func model(_ source: String, file: String = "Feature.swift", feature: String = "Feature") -> FeatureModel {
        SwiftFeatureParser.model(featureName: feature, files: [SourceFile(path: file, contents: source)])
    }

    @Test func sitesKnowTheirEnclosingSiteAndArgumentLabels() throws {
        let model = Self.model("""
            let reducer = Reducer<S, A, E> { state, action, env in
              URLSession.shared.dataTask(with: url) { _, _, _ in }.resume()
              Task {
                await env.client.save()
              }
              state.value = Int.random(in: 0...9)
              return .none
            }
            """)
        let sites = try #require(model.reducers.first?.sites)
        func site(_ path: String) throws -> CodeSite { try #require(sites.first { $0.path == path }) }
        let resume = try site("URLSession.shared.dataTask().resume")
        #expect(resume.parent == nil)
        #expect(try site("URLSession.shared.dataTask").parent == resume.id)
        #expect(try site("URLSession.shared.dataTask").argumentLabels == ["with"])
        let task = try site("Task")
        let awaitSite = try #require(sites.first { $0.kind == .await })
        #expect(awaitSite.parent == task.id)
        #expect(try site("env.client.save").parent == awaitSite.id)
        #expect(try site("Int.random").argumentLabels == ["in"])
        #expect(task.argumentLabels.isEmpty)
        #expect(Set(sites.map(\.id)).count == sites.count)
    }

    @Test func catchAllCasesAreRecordedApartFromDefault() throws {
        let model = Self.model("""
            let reducer = Reducer<S, A, E> { state, action, env in
              switch action {
              case .a, .b(let x): return .none
              case _: return .none
              }
            }
            let other = Reducer<S, A, E> { state, action, env in
              switch action {
              case .a: return .none
              case let .b(x) where x > 0: return .none
              case let other: return .none
              }
            }
            let guarded = Reducer<S, A, E> { state, action, env in
              switch action {
              case .a: return .none
              case _ where state.isOn: return .none
              }
            }
            """)
        let switches = model.reducers.flatMap(\.switches)
        #expect(switches.map(\.catchAllLocation?.line) == [4, 11, nil])
        #expect(switches.allSatisfy { $0.defaultLocation == nil })
        #expect(switches.first?.handledCases == ["a", "b"])
    }

    @Test func reducersRecordTheirWrittenActionType() {
        let model = Self.model("""
            let a = Reducer<AppState, AppAction, AppEnvironment> { _, _, _ in .none }
            let b: AnyReducer<LoginState, LoginAction, LoginEnvironment> = AnyReducer { _, _, _ in .none }
            @Reducer struct Feature {
              var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
              func alert(_ state: inout State, action: Action.Alert) -> Effect<Action> { .none }
            }
            """)
        #expect(model.reducers.map(\.actionType) == ["AppAction", "LoginAction", nil, "Action.Alert"])
    }

    @Test func viewsThatHandTheirStoreOnAreRecorded() throws {
        let model = Self.model("""
            struct A: View {
              let store: Store<S, Act>
              var body: some View { Child(store: store.scope(state: \\.child, action: Act.child)) }
            }
            struct B: View {
              let store: Store<S, Act>
              var body: some View { ForEachStore(self.store) { Row(store: $0) } }
            }
            struct C: View {
              let store: Store<S, Act>
              var body: some View { Text("x").onTapGesture { print(store) } }
            }
            struct D: View {
              let store: Store<S, Act>
              var body: some View { Text("x") }
            }
            """)
        #expect(model.views.map(\.forwardsStore) == [true, true, true, false])
    }
}

extension ReducerFactsTests {
    @Test func discardedResultsAreStatements() throws {
        let model = Self.model("""
            let reducer = Reducer<S, A, E> { state, action, env in
              _ = env.feedback.play()
              _ = try? env.database.save(state)
              let kept = env.client.fetch()
              return kept
            }
            """)
        let sites = try #require(model.reducers.first?.sites)
        #expect(sites.first { $0.path == "env.feedback.play" }?.isStatement == true)
        #expect(sites.first { $0.path == "env.database.save" }?.isStatement == true)
        #expect(sites.first { $0.path == "env.client.fetch" }?.isStatement == false)
    }
}
