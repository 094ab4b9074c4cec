import RulebookCore

/// A Markdown table of finding counts by rule and severity, readable in a terminal and
/// rendered by GitHub (e.g. written to `$GITHUB_STEP_SUMMARY`).
public enum SummaryReportRenderer {
    /// The report's counts as a Markdown table, rules in catalogue order.
    public static func render(_ report: CheckReport) -> String {
        let order = ReportedRule.all(naming: report.findings).map(\.id)
        let byRule = Dictionary(grouping: report.findings, by: \.ruleId)
        var text = "## Rulebook\n\n" + ReportRenderer.countsSentence(report.summary) + "\n\n"
        text += "| rule | error | warning | note | total |\n|:---|---:|---:|---:|---:|\n"
        for id in order {
            guard let findings = byRule[id] else { continue }
            text += row("`\(id)`", findings)
        }
        text += row("**total**", report.findings)
        if !report.rejections.isEmpty {
            text += "\n\(report.rejections.count) spec(s) could not be checked: "
                + report.rejections.map(\.code).joined(separator: ", ") + ".\n"
        }
        return text
    }

    private static func row(_ label: String, _ findings: [Finding]) -> String {
        let counts = Severity.allCases.reversed().map { severity in findings.count(where: { $0.severity == severity }) }
        return "| \(label) | " + counts.map(String.init).joined(separator: " | ") + " | \(findings.count) |\n"
    }
}
