import RulebookCore

/// A rule as reports describe it: every rule of the catalogue, the two notes the rule
/// engine itself reports, and any other id a finding names (from a newer validator).
struct ReportedRule: Sendable {
    var id: String
    var name: String
    var severity: Severity
    var summary: String
    var rationale: String
    var triggeringExamples: [String]

    /// Ids the rule engine reports that are not rules of the catalogue.
    static let engineRules = [
        ReportedRule(
            id: RuleEngine.parseErrorRuleId, name: "Swift source did not parse cleanly", severity: RuleEngine.parseErrorSeverity,
            summary: "The Swift front end met syntax it could not parse and recovered.",
            rationale: "Findings for this file may be incomplete; fix the syntax error so every rule sees the whole feature.",
            triggeringExamples: []),
        ReportedRule(
            id: RuleEngine.unknownSuppressionRuleId, name: "Unknown rule id in a suppression comment",
            severity: RuleEngine.unknownSuppressionSeverity,
            summary: "A `rulebook:disable` comment names an id that is not a rule.",
            rationale: "A misspelt id suppresses nothing; see `rulebook rules` for the ids.",
            triggeringExamples: []),
        ReportedRule(
            id: RuleEngine.unusedSuppressionRuleId, name: "Suppression comment that suppresses nothing",
            severity: RuleEngine.unusedSuppressionSeverity,
            summary: "A `rulebook:disable` comment suppressed no finding.",
            rationale: "The finding it was written for is gone (fixed, or the rule changed); a stale suppression would hide the next one.",
            triggeringExamples: []),
    ]

    /// The catalogue, the engine's ids, then ids only `findings` name, in that order.
    static func all(naming findings: [Finding]) -> [ReportedRule] {
        var rules = RuleCatalogue.entries.map { entry in
            ReportedRule(
                id: entry.id, name: entry.name, severity: entry.severity, summary: entry.summary,
                rationale: entry.rationale, triggeringExamples: entry.triggeringExamples)
        } + engineRules
        var known = Set(rules.map(\.id))
        for finding in findings where known.insert(finding.ruleId).inserted {
            rules.append(
                ReportedRule(
                    id: finding.ruleId, name: finding.ruleId, severity: finding.severity,
                    summary: "Reported as `\(finding.ruleId)` by a validator with rules this build does not know.",
                    rationale: "", triggeringExamples: []))
        }
        return rules
    }

    /// `state-animation-value` → `StateAnimationValue` (SARIF's rule `name` convention).
    var pascalCaseName: String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Summary and rationale as plain text.
    var helpText: String {
        rationale.isEmpty ? summary : "\(summary)\n\n\(rationale)"
    }

    /// Summary, rationale and the triggering examples as Markdown.
    var helpMarkdown: String {
        var text = "**\(name)** (`\(id)`, default severity \(severity.rawValue))\n\n\(helpText)\n"
        if !triggeringExamples.isEmpty {
            text += "\nTriggers (`↓` marks the finding):\n"
            for example in triggeringExamples { text += "\n```swift\n\(example)\n```\n" }
        }
        return text
    }
}
