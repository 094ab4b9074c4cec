import MCP
import RulebookCore
import Testing

@testable import RulebookMCP

/// What a check tool answers with: the call's filters and its bound, as pure logic.
struct FindingSelectionTests {
    static func finding(_ rule: String, _ severity: Severity, line: Int) -> Finding {
        Finding(
            ruleId: rule, severity: severity, message: "m", location: SourceLocation(file: "A.swift", line: line, column: 1),
            fingerprint: "\(rule)\(line)")
    }

    /// In the check's order: a note, an error, a warning, an error, a note.
    static let findings = [
        finding("state-transient-ui", .note, line: 1), finding("reducer-side-effect", .error, line: 2),
        finding("state-ui-type", .warning, line: 3), finding("reducer-side-effect", .error, line: 4),
        finding("state-transient-ui", .note, line: 5),
    ]

    @Test func theBoundKeepsTheMostSevereInTheChecksOrderAndCountsTheRest() {
        let selected = FindingSelection(maximum: 3).select(Self.findings)
        #expect(selected.findings.map(\.location.line) == [2, 3, 4])
        #expect(selected.matching == 5 && selected.truncated)
        #expect(selected.byRule == ["state-transient-ui": 2, "reducer-side-effect": 2, "state-ui-type": 1])
        let all = FindingSelection().select(Self.findings)
        #expect(all.findings == Self.findings && !all.truncated)
        #expect(FindingSelection(maximum: 0).select(Self.findings).findings.isEmpty)
    }

    @Test func filtersChooseBySeverityAndRule() {
        let warnings = FindingSelection(minimumSeverity: .warning).select(Self.findings)
        #expect(warnings.findings.map(\.location.line) == [2, 3, 4] && warnings.matching == 3 && !warnings.truncated)
        let oneRule = FindingSelection(rules: ["state-transient-ui"], maximum: 1).select(Self.findings)
        #expect(oneRule.findings.map(\.location.line) == [1] && oneRule.matching == 2 && oneRule.byRule == ["state-transient-ui": 2])
    }

    @Test func argumentsAreReadWithTheirChecks() throws {
        let allowed = ToolArguments.selectionArguments
        let read = try ToolArguments(
            ["minSeverity": "warning", "rules": ["state-ui-type"], "maxFindings": 7], tool: "t", allowed: allowed
        ).selection()
        #expect(read == FindingSelection(minimumSeverity: .warning, rules: ["state-ui-type"], maximum: 7))
        #expect(try ToolArguments([:], tool: "t", allowed: allowed).selection() == FindingSelection())
        let bad: [[String: Value]] = [
            ["minSeverity": "fatal"], ["rules": ["state-ui-typ"]], ["rules": []], ["maxFindings": -1], ["maxFindings": 2.5],
            ["maxFindings": "10"],
        ]
        for values in bad {
            #expect(throws: RulebookError.self) { try ToolArguments(values, tool: "t", allowed: allowed).selection() }
        }
    }
}
