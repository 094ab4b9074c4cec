import RulebookCore
import RulebookSwiftSource
import Testing

struct SwiftFeatureParserTests {
    @Test func legacyFiveFileFeatureIsJoinedAcrossFiles() {
        let model = SwiftFeatureParser.model(
            featureName: "Login",
            files: [
                SourceFile(path: "LoginState.swift", contents: "import Foundation\nstruct LoginState { var email = \"\" }\nextension LoginState: Equatable {}\n"),
                SourceFile(path: "LoginAction.swift", contents: "enum LoginAction { case emailChanged(String), loginButtonTapped }\n"),
                SourceFile(path: "LoginEnvironment.swift", contents: "struct LoginEnvironment { var mainQueue: AnySchedulerOf<DispatchQueue>\n static var mock: Self { fatalError() } }\n"),
                SourceFile(path: "LoginReducer.swift", contents: "let loginReducer = Reducer<LoginState, LoginAction, LoginEnvironment> { _, _, _ in .none }\n"),
            ])
        #expect(model.dialect == .legacy)
        #expect(model.states.map(\.name) == ["LoginState"])
        #expect(model.states.first?.conformances == ["Equatable"])
        #expect(model.actions.first?.cases.map(\.name) == ["emailChanged", "loginButtonTapped"])
        #expect(model.actions.first?.cases.first?.associatedValues == [AssociatedValue(type: "String")])
        #expect(model.environments.first?.properties.map(\.name) == ["mainQueue", "mock"])
        #expect(model.environments.first?.properties.last?.isStatic == true)
        #expect(model.files.first?.imports.map(\.module) == ["Foundation"])
    }

    @Test func legacyRolesComeFromReducerGenericsWhateverTheFileName() {
        let model = SwiftFeatureParser.model(
            featureName: "Misc",
            files: [SourceFile(path: "Misc.swift", contents: """
                struct AppState: Equatable { var count = 0 }
                enum AppAction { case tapped }
                let appReducer = Reducer<AppState, AppAction, Void> { _, _, _ in .none }
                """)])
        #expect(model.dialect == .legacy)
        #expect(model.states.map(\.name) == ["AppState"])
        #expect(model.actions.map(\.name) == ["AppAction"])
    }

    @Test func modernFeatureNestsStateAndAction() {
        let model = SwiftFeatureParser.model(
            featureName: "CounterFeature",
            files: [SourceFile(path: "CounterFeature.swift", contents: """
                @Reducer
                struct CounterFeature {
                  @ObservableState
                  struct State: Equatable {
                    var count = 0
                    var label: String { "\\(count)" }
                    struct Nested { var scale: CGFloat }
                  }
                  enum Action { case incrementTapped }
                }
                struct Unrelated { struct State { var x: CGFloat } }
                """)])
        #expect(model.dialect == .modern)
        #expect(model.states.map(\.qualifiedName) == ["CounterFeature.State"])
        #expect(model.states.first?.storedProperties.map(\.name) == ["count"])
        #expect(model.states.first?.properties.first?.type == "Int")
        #expect(model.actions.map(\.qualifiedName) == ["CounterFeature.Action"])
    }

    @Test func typesAreInferredFromSimpleInitializers() {
        let model = SwiftFeatureParser.model(
            featureName: "Shapes",
            files: [SourceFile(path: "ShapesState.swift", contents: """
                struct ShapesState {
                  var a = 1.5
                  var b = CGSize.zero
                  var c = Angle.degrees(90)
                  var d = CGFloat(2)
                  var e = -0.5
                  var f = someFunction()
                  var g = true
                  var h = SettingsView.Feature.State()
                  var i = [String: [Color]]()
                  var j = Date.init()
                  var k = FocusState()
                }
                """)])
        let types = model.states.first?.properties.map(\.type)
        #expect(types == [
            "Double", "CGSize", "Angle", "CGFloat", "Double", nil, "Bool", "SettingsView.Feature.State", "[String: [Color]]", "Date",
            "FocusState",
        ])
        // A child feature's State is no view, and `FocusState()` (no `<Value>`) is no SwiftUI focus.
        let rules = RuleEngine().findings(for: model).map(\.ruleId)
        #expect(rules.filter { $0 == "state-ui-type" }.count == 1)
        #expect(!rules.contains("state-transient-ui"))
    }

    @Test func brokenSwiftStillGetsFindingsAndAParseNote() {
        let source = """
            struct LoginState: Equatable {
              var buttonScale: CGFloat = 1
              var broken: = 
            }
            """
        let model = SwiftFeatureParser.model(featureName: "Login", files: [SourceFile(path: "LoginState.swift", contents: source)])
        let findings = RuleEngine().findings(for: model)
        #expect(findings.contains { $0.ruleId == "state-animation-value" && $0.line == 2 })
        let parseNote = findings.first { $0.ruleId == RuleEngine.parseErrorRuleId }
        #expect(parseNote?.severity == .note)
        #expect(parseNote?.line == 3)
    }

    @Test func cleanFileHasNoParseNote() {
        let model = SwiftFeatureParser.model(featureName: "A", files: [SourceFile(path: "A.swift", contents: "struct A {}\n")])
        #expect(model.parseProblems.isEmpty)
        #expect(model.dialect == .unknown)
    }

    @Test func findingsCarryOneBasedTokenPositionsAndStableFingerprints() {
        let source = "struct LoginState: Equatable {\n    var buttonScale: CGFloat = 1\n}\n"
        let moved = "// a comment\n\n" + source
        func finding(_ text: String) -> Finding? {
            RuleEngine().findings(
                for: SwiftFeatureParser.model(featureName: "Login", files: [SourceFile(path: "LoginState.swift", contents: text)])
            ).first
        }
        let original = finding(source)
        #expect(original?.line == 2)
        #expect(original?.column == 9)
        #expect(finding(moved)?.line == 4)
        #expect(finding(moved)?.fingerprint == original?.fingerprint)
    }
}
