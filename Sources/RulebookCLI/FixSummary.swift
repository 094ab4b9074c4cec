import RulebookPipeline

/// What `rulebook check --fix` tells stderr: the fixes applied by rule, the files whose fixes
/// were left out and why, and the suggestions left for review.
struct FixSummary {
    let text: String

    init(_ outcome: FixRun.Outcome, dryRun: Bool) {
        let count = outcome.fixedByRule.values.reduce(0, +)
        let rules = outcome.fixedByRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let files = outcome.files.count == 1 ? "1 file" : "\(outcome.files.count) files"
        var lines: [String] = []
        if count == 0 {
            lines.append("rulebook: nothing to fix")
        } else {
            lines.append("rulebook: \(dryRun ? "would fix" : "fixed") \(count) finding\(count == 1 ? "" : "s") in \(files): \(rules)")
        }
        for (file, reason) in outcome.skipped.sorted(by: { $0.key < $1.key }) {
            lines.append("warning: \(TerminalText.escaped(file)): fixes not applied: \(reason)")
        }
        if outcome.suggestions > 0 {
            lines.append("rulebook: \(outcome.suggestions) suggestion\(outcome.suggestions == 1 ? "" : "s") left for review (--format json or sarif, the MCP server and editors show them)")
        }
        text = lines.joined(separator: "\n") + "\n"
    }
}
