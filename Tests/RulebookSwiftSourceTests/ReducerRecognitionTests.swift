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
            let otherReducer = homeReducer.combined(with: Self { state, action, environment in
              switch action {
              case .refresh: return .none
              default: return .none
              }
            })
            """)
        #expect(Self.lines(of: "reducer-default-case", in: findings) == [9, 18])
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
}
