import Foundation
import RulebookCore
import Testing

struct ConfigurationTests {
    @Test func fullDocumentParses() throws {
        let document = try ConfigurationDocument.parse([
            "included": ["Sources"], "excluded": "Tests", "disabled_rules": ["action-generic-case"],
            "dialect": "legacy",
            "state-animation-value": ["severity": "warning", "animation_names": ["wobble"]],
        ] as [String: Any])
        #expect(document.included == ["Sources"])
        #expect(document.excluded == ["Tests"])
        #expect(document.rules.disabledRules == ["action-generic-case"])
        #expect(document.rules.dialect == .legacy)
        #expect(document.rules.severities["state-animation-value"] == .warning)
        #expect(document.rules.options["state-animation-value"]?.values["animation_names"] == ["wobble"])
        #expect(!document.rules.enabledRules().contains { type(of: $0).description.id == "action-generic-case" })
    }

    @Test(arguments: [
        (#"{"colour": "red"}"#, "unknown key 'colour'"),
        (#"{"disabled_rules": ["state-animaton-value"]}"#, "unknown rule id 'state-animaton-value' in disabled_rules (did you mean 'state-animation-value'?)"),
        (#"{"state-animation-value": {"severity": "fatal"}}"#, "'state-animation-value.severity' must be error, warning or note"),
        (#"{"state-animation-value": {"colours": ["x"]}}"#, "unknown option 'state-animation-value.colours'"),
        (#"{"dialect": "swiftui"}"#, "'dialect' must be auto, legacy or modern"),
        (#"{"excluded": [1, 2]}"#, "'excluded' must be a list of strings"),
        (#"{"environment-missing-main-queue": {"report": "sometimes"}}"#,
         "'environment-missing-main-queue.report' must be one of scheduling, always, not 'sometimes'"),
        (#"{"glass-without-availability": {"minimum_ios_version": "seventeen"}}"#,
         #"'glass-without-availability.minimum_ios_version' must be a version in quotes such as "17" or "17.4", not 'seventeen'"#),
        (#"{"state-animation-value": {"animation_names": ["wobble", 1]}}"#,
         "'state-animation-value.animation_names' must be a string or a list of strings, not ['wobble', 1]"),
    ])
    func badDocumentsNameTheKey(json: String, message: String) throws {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8))
        do {
            _ = try ConfigurationDocument.parse(value)
            Issue.record("accepted \(value)")
        } catch {
            #expect(error.code == "RB401")
            #expect(error.exitCode == 2)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    /// What YAML gives (Yams' plain values) becomes each option's kind of value.
    @Test func optionValuesTakeTheirOptionsKind() throws {
        let document = try ConfigurationDocument.parse([
            "environment-missing-main-queue": ["report": "always"],
            "glass-without-availability": ["minimum_ios_version": "17.4"],
            "action-generic-case": ["generic_names": "set"],
        ] as [String: Any])
        #expect(document.rules.options["environment-missing-main-queue"]?.values["report"] == .string("always"))
        #expect(document.rules.options["glass-without-availability"]?.values["minimum_ios_version"] == .string("17.4"))
        #expect(document.rules.options["action-generic-case"]?.values["generic_names"] == .strings(["set"]))
    }

    /// A configuration from an event or an MCP call is checked against the options' kinds too.
    @Test func decodedOptionsAreCheckedAgainstTheirKinds() throws {
        func configuration(_ options: String) throws -> RuleConfiguration {
            try JSONDecoder().decode(RuleConfiguration.self, from: Data(#"{"options": {"environment-missing-main-queue": \#(options)}}"#.utf8))
        }
        try configuration(#"{"report": "always"}"#).validate()
        #expect(throws: RulebookError.invalidConfiguration(
            "option 'environment-missing-main-queue.report' must be one of scheduling, always, not 3")) {
            try configuration(#"{"report": 3}"#).validate()
        }
        #expect(throws: RulebookError.self) { try configuration(#"{"report": ["always"]}"#).validate() }
    }

    @Test func emptyFileMeansDefaults() throws {
        #expect(try ConfigurationDocument.parse(nil) == ConfigurationDocument())
    }

    @Test func configuredSeverityAndOptionsReachFindings() {
        let state = TypeDecl(
            name: "S", kind: .struct, conformances: ["Equatable"],
            properties: [PropertyDecl(name: "wobble", type: "Double", location: SourceLocation(file: "S.swift", line: 2, column: 7))],
            location: SourceLocation(file: "S.swift", line: 1, column: 8))
        let feature = FeatureModel(name: "S", origin: .swiftSource, dialect: .legacy, states: [state], types: [state])
        #expect(RuleEngine().findings(for: feature).filter { $0.ruleId == "state-animation-value" }.isEmpty)
        let configured = RuleConfiguration(
            severities: ["state-animation-value": .note],
            options: ["state-animation-value": RuleOptions(["animation_names": ["wobble"]])])
        let findings = RuleEngine(configuration: configured).findings(for: feature).filter { $0.ruleId == "state-animation-value" }
        #expect(findings.map(\.severity) == [.note])
    }
}

struct SuppressionTests {
    static let source = """
        struct LoginState: Equatable {
          // rulebook:disable:next state-animation-value
          var a: CGFloat = 1
          var b: CGFloat = 1 // rulebook:disable:this state-animation-value, action-generic-case
          // rulebook:disable all
          var c: CGFloat = 1
          // rulebook:enable all
          var d: CGFloat = 1
          // rulebook:disable state-animaton-value
          var e: CGFloat = 1
          /// A doc comment that mentions the rulebook: not a command.
        }
        """

    @Test func commentsSuppressExactlyTheirLines() {
        let suppressions = Suppressions(source: Self.source)
        #expect(suppressions.suppresses(ruleId: "state-animation-value", line: 3))
        #expect(!suppressions.suppresses(ruleId: "state-animation-value", line: 2))
        #expect(suppressions.suppresses(ruleId: "state-animation-value", line: 4))
        #expect(suppressions.suppresses(ruleId: "action-generic-case", line: 4))
        #expect(suppressions.suppresses(ruleId: "anything", line: 6))
        #expect(!suppressions.suppresses(ruleId: "state-animation-value", line: 8))
        #expect(suppressions.suppresses(ruleId: "state-animaton-value", line: 10))
        #expect(!suppressions.suppresses(ruleId: "state-animation-value", line: 10))
    }

    @Test func suppressionsApplyToFindingsAndUnknownIdsAreReported() {
        let properties = ["a", "b", "c", "d", "e"].enumerated().map { index, name in
            PropertyDecl(name: name, type: "CGFloat", location: SourceLocation(file: "LoginState.swift", line: [3, 4, 6, 8, 10][index], column: 7))
        }
        let state = TypeDecl(name: "LoginState", kind: .struct, conformances: ["Equatable"], properties: properties, location: SourceLocation(file: "LoginState.swift", line: 1, column: 8))
        let feature = FeatureModel(
            name: "Login", origin: .swiftSource, dialect: .legacy, states: [state], types: [state],
            sources: ["LoginState.swift": Self.source])
        let findings = RuleEngine().findings(for: feature)
        #expect(findings.filter { $0.ruleId == "state-animation-value" }.map(\.line) == [8, 10])
        let unknown = findings.filter { $0.ruleId == RuleEngine.unknownSuppressionRuleId }
        #expect(unknown.map(\.line) == [9])
        #expect(unknown.first?.message.contains("did you mean 'state-animation-value'") == true)
        // `action-generic-case` on line 4 suppressed nothing: reported at its comment.
        let unused = findings.filter { $0.ruleId == RuleEngine.unusedSuppressionRuleId }
        #expect(unused.map(\.line) == [4] && unused.first?.message.contains("`action-generic-case`") == true)
    }

    /// SwiftLint's habits: a reason after ` - `, `:previous`, and block comments.
    @Test func reasonsPreviousAndBlockComments() {
        let source = """
            struct S {
              var a: CGFloat = 1
              // rulebook:disable:previous state-animation-value - kept for the legacy screen, see #12
              /* rulebook:disable:next state-ui-type */
              var b: Color = .red
              var c: CGFloat = 1 /* rulebook:disable:this state-animation-value -- measured */
            }
            """
        let suppressions = Suppressions(source: source)
        #expect(suppressions.named.map(\.id) == ["state-animation-value", "state-ui-type", "state-animation-value"])
        #expect(suppressions.suppresses(ruleId: "state-animation-value", line: 2))
        #expect(suppressions.suppresses(ruleId: "state-ui-type", line: 5))
        #expect(suppressions.suppresses(ruleId: "state-animation-value", line: 6))
        #expect(!suppressions.suppresses(ruleId: "state-animation-value", line: 3))
        // The directive's range ends at its last id, before the reason.
        #expect(suppressions.named.first?.endColumn == "  // rulebook:disable:previous state-animation-value".utf8.count + 1)
    }
}
