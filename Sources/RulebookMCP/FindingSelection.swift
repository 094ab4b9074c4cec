import RulebookCore

/// Which findings a check tool answers with: the call's filters (`minSeverity`, `rules`) and
/// its bound (`maxFindings`). An agent's client caps what a tool may answer (about 25,000
/// tokens), so a whole app's check answers with counts by rule and its most severe findings
/// first, saying when it left some out; the summary still counts every finding.
struct FindingSelection: Sendable, Equatable {
    /// Findings answered when a call does not say: about 40 KB of JSON, twice (structured and
    /// as text), well inside an agent's budget.
    static let defaultMaximum = 50
    /// What `maxFindings` may ask: none (counts only) up to more than any app has.
    static let maximumRange = 0...100_000

    var minimumSeverity: Severity = .note
    /// The rule ids to answer with; `nil` for every rule.
    var rules: Set<String>?
    var maximum = defaultMaximum

    /// What a selection answers.
    struct Selected: Equatable {
        /// The findings answered: the most severe ones the bound allows, in the check's order
        /// (file, line, column, rule), as `rulebook check` reports them.
        var findings: [Finding]
        /// How many findings the filters keep, shown or not.
        var matching: Int
        /// The findings the filters keep, counted by rule id.
        var byRule: [String: Int]
        /// Whether the bound left some of them out.
        var truncated: Bool { findings.count < matching }
    }

    func select(_ findings: [Finding]) -> Selected {
        let kept = findings.filter { $0.severity >= minimumSeverity && rules?.contains($0.ruleId) != false }
        var byRule: [String: Int] = [:]
        for finding in kept { byRule[finding.ruleId, default: 0] += 1 }
        // The most severe first, earlier ones first within a severity; then back in order.
        let chosen = kept.indices.sorted { (kept[$1].severity, $0) < (kept[$0].severity, $1) }.prefix(maximum).sorted()
        return Selected(findings: chosen.map { kept[$0] }, matching: kept.count, byRule: byRule)
    }
}
