import RulebookCore
import RulebookSwiftSource
import Testing

/// Where the front end says each fact starts and ends: the token or node a finding points
/// at, end-exclusive (the column after its last byte), trivia left out.
struct LocationRangeTests {
    static func model(_ source: String, file: String = "Feature.swift") -> FeatureModel {
        SwiftFeatureParser.model(featureName: "Login", files: [SourceFile(path: file, contents: source)])
    }

    /// `line:column-endLine:endColumn`.
    static func range(_ location: RulebookCore.SourceLocation?) -> String {
        guard let location else { return "none" }
        let start = "\(location.line ?? 0):\(location.column ?? 0)"
        guard let endLine = location.endLine, let endColumn = location.endColumn else { return start }
        return "\(start)-\(endLine):\(endColumn)"
    }

    @Test func declarationsSpanTheirNamesAndCasesTheirPayloads() throws {
        let model = Self.model("""
            import ComposableArchitecture
            import struct SwiftUI.Color

            struct LoginState: Equatable {
              var buttonScale: CGFloat = 1 // trailing comment
              @BindingState var email = ""
            }

            enum LoginAction: String {
              case loaded(Data, page: Int), tapped = "tap"
              case other
            }
            """)
        let state = try #require(model.states.first)
        #expect(Self.range(state.location) == "4:8-4:18")
        #expect(state.properties.map { Self.range($0.location) } == ["5:7-5:18", "6:21-6:26"])
        let action = try #require(model.actions.first)
        // `loaded(Data, page: Int)` with its payload; `tapped` without its raw value or comma.
        #expect(action.cases.map { Self.range($0.location) } == ["10:8-10:31", "10:33-10:39", "11:8-11:13"])
        let imports = try #require(model.files.first?.imports)
        // The whole module path of a scoped import.
        #expect(imports.map { Self.range($0.location) } == ["1:8-1:30", "2:15-2:28"])
    }

    @Test func callsSpanTheWholeCallAcrossLines() throws {
        let model = Self.model("""
            let loginReducer = Reducer<LoginState, LoginAction, LoginEnvironment> { state, action, env in
              switch action {
              case .tapped:
                DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                  print("late")
                }
                let now = Date.now
                return .none
              default:
                return .none
              }
            }
            """)
        let reducer = try #require(model.reducers.first)
        // The reducer itself: from `Reducer` to its closing brace.
        #expect(Self.range(reducer.location) == "1:20-12:2")
        let calls = reducer.sites.filter { $0.kind == .call }
        // From the callee to the trailing closure's brace, on another line.
        let asyncAfter = try #require(calls.first { $0.path == "DispatchQueue.main.asyncAfter" })
        #expect(Self.range(asyncAfter.location) == "4:5-6:6")
        #expect(Self.range(calls.first { $0.path == "print" }?.location) == "5:7-5:20")
        // A reference is its whole member chain.
        #expect(Self.range(reducer.sites.first { $0.kind == .reference && $0.path == "Date.now" }?.location) == "7:15-7:23")
        // `switch action` and `default:`.
        let actionSwitch = try #require(reducer.switches.first)
        #expect(Self.range(actionSwitch.location) == "2:3-2:16")
        #expect(Self.range(actionSwitch.defaultLocation) == "9:3-9:11")
    }

    @Test func catchAllCasesAndAwaitsSpanTheirLabelAndExpression() throws {
        let model = Self.model("""
            @Reducer
            struct Login {
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .a: return .none
                  case let other: return .run { _ in try await client.load(id) }
                  }
                }
              }
            }
            """)
        let reducer = try #require(model.reducers.first)
        #expect(Self.range(reducer.switches.first?.catchAllLocation) == "7:7-7:22")
        #expect(Self.range(reducer.sites.first { $0.kind == .await }?.location) == "7:46-7:67")
    }

    @Test func animationModifiersSpanTheValueTheyRead() throws {
        let model = Self.model("""
            struct CardView: View {
              let store: StoreOf<Card>
              var body: some View {
                Text("x")
                  .animation(.spring, value: store.flipped)
                  .scaleEffect(store.state.scale)
              }
            }
            """)
        let view = try #require(model.views.first)
        #expect(Self.range(view.location) == "1:8-1:16")
        #expect(view.animationModifiers.map { Self.range($0.location) } == ["5:18-5:25", "6:20-6:37"])
    }

    @Test func columnsCountUTF8BytesAtBothEnds() throws {
        let model = Self.model("""
            struct LoginState: Equatable {
              /* é */ var größe: CGFloat = 1
              var ñandú = 1
            }
            """)
        let state = try #require(model.states.first)
        // `/* é */` is 8 bytes, `größe` 7, `ñandú` 7.
        #expect(state.properties.map { Self.range($0.location) } == ["2:16-2:23", "3:7-3:14"])
    }

    @Test func parseErrorsSpanUnexpectedTextAndMarkMissingTokens() throws {
        let unexpected = Self.model("""
            struct LoginState {
              var a: Int ??? junk
            }
            """)
        let problem = try #require(unexpected.parseProblems.first)
        #expect(Self.range(problem.location) == "2:14-2:22")
        // A missing `}` is a place (right after `Int`, where the parser expected it): nothing
        // to underline.
        let missing = try #require(Self.model("struct LoginState {\n  var a: Int\n").parseProblems.first)
        #expect(Self.range(missing.location) == "2:13")
    }

    @Test func findingsCarryTheRangeOfTheirToken() throws {
        let source = """
            import ComposableArchitecture
            import SwiftUI

            struct LoginState: Equatable {
              var email = ""
              var buttonScale: CGFloat = 1 // rulebook:disable:next no-such-rule, other
            }
            """
        let findings = RuleEngine().findings(for: Self.model(source, file: "LoginState.swift"))
        let ranges = Dictionary(findings.map { ($0.ruleId, Self.range($0.location)) }, uniquingKeysWith: { $0 + " " + $1 })
        #expect(ranges["state-ui-import"] == "2:8-2:15")
        #expect(ranges["state-animation-value"] == "6:7-6:18")
        // An unknown id in a suppression comment: the directive, verb to last id.
        #expect(ranges["suppression-unknown-rule"] == "6:44-6:76 6:44-6:76")
    }
}
