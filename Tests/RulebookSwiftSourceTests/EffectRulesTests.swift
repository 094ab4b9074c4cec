import RulebookCore
import RulebookSwiftSource
import Testing

/// The shapes of effects around the two effect rules' examples: which `try`s leave an effect
/// unhandled, and which `Task { }`s drop their `send`. One effect per case, in one reducer.
struct EffectRulesTests {
    static func feature(_ effect: String) -> String {
        """
        @Reducer
        struct LoadFeature {
          @ObservableState
          struct State: Equatable { var value = 0 }
          enum Action { case load, loaded(Int), failed }
          @Dependency(\\.client) var client
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .load:
                return \(effect)
              case .loaded, .failed:
                return .none
              }
            }
          }
        }
        """
    }

    /// The model of the feature returning `effect`.
    static func model(_ effect: String) -> FeatureModel {
        let files = [SourceFile(path: "LoadFeature.swift", contents: feature(effect))]
        return SwiftFeatureParser.model(featureName: "Load", files: files, project: FileIndexer.context(of: files, inProjectWith: []))
    }

    /// The findings of `rule` (opt-in or not) on the feature returning `effect`.
    static func findings(_ effect: String, rule: String) -> [Finding] {
        RuleEngine(configuration: RuleConfiguration(optInRules: [rule])).findings(for: model(effect)).filter { $0.ruleId == rule }
    }

    @Test("the opt-in rule reports nothing unless configured")
    func optIn() {
        let model = Self.model(".run { send in try await client.fetch() }")
        #expect(!RuleEngine().findings(for: model).contains { $0.ruleId == "effect-unhandled-error" })
        #expect(Self.findings(".run { send in try await client.fetch() }", rule: "effect-unhandled-error").count == 1)
    }

    @Test(
        "a throw with nothing to handle it is reported once per effect, at the effect",
        arguments: [
            ".run { send in guard let value = await client.cached() else { throw LoadError() }; await send(.loaded(value)) }",
            ".run(operation: { send in await send(.loaded(try await client.fetch())) })",
            ".run { send in try await client.ping(); try await client.fetch(); do { try await client.log() } catch MyError.x {} }",
            "Effect.run { send in try await withTaskCancellation(id: 1) { _ = try await client.fetch() } }",
            ".run { send in if true { try client.validate() } }",
        ])
    func unhandled(effect: String) {
        let found = Self.findings(effect, rule: "effect-unhandled-error")
        #expect(found.count == 1, "\(effect)")
        #expect(found.first?.line == 11 && found.first?.column == 16, "\(effect)")
    }

    @Test(
        "an error that is handled, only a cancellation, or thrown in a closure of its own is not reported",
        arguments: [
            ".run(operation: { send in try await client.fetch() }, catch: { _, send in await send(.failed) })",
            ".run { send in do { try await client.fetch() } catch { await send(.failed) } }",
            ".run { send in try await Task.sleep(nanoseconds: 1); try Task.checkCancellation(); await send(.failed) }",
            ".run { send in try await withTaskCancellation(id: 1, cancelInFlight: true) { try await client.clock.sleep(for: .seconds(1)) } }",
            ".run { send in Task { try await client.fetch() }; let r = Result { try client.decode() }; _ = r }",
            ".run { send in try? await client.fetch(); try! client.validate() }",
            ".run { send in for try await value in client.values() { await send(.loaded(value)) } }",
            ".fireAndForget { try await client.fetch() }",
        ])
    func handled(effect: String) {
        #expect(Self.findings(effect, rule: "effect-unhandled-error").isEmpty, "\(effect)")
    }

    @Test("a dropped Task that calls send is reported at the Task; a kept or awaited one is not")
    func sendFromTask() {
        let dropped = Self.findings(".run { send in Task { await send(.loaded(1)) }; Task.detached { await send(.failed) } }", rule: "effect-send-from-task")
        #expect(dropped.map(\.column) == [31, 64])
        for kept in [
            ".run { send in let task = Task { await send(.loaded(1)) }; await task.value }",
            ".run { send in await Task { await send(.loaded(1)) }.value }",
            ".run { send in await withTaskGroup(of: Void.self) { group in group.addTask { await send(.failed) } } }",
            ".run { send in Task { await client.refresh() } }",
        ] {
            #expect(Self.findings(kept, rule: "effect-send-from-task").isEmpty, "\(kept)")
        }
    }
}
