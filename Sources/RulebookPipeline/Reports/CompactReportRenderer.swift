import RulebookCore

/// A report to read on a large app: findings grouped under their file, each on one short
/// line (place, severity, what was found, rule id), and each rule's advice once at the end
/// instead of on every finding. `--format text` stays the compiler-style default that
/// editors and build tools parse.
public enum CompactReportRenderer {
    /// The report, grouped by file in report order, then rejections, then the advice of every
    /// rule that has a finding.
    public static func render(_ report: CheckReport, color: Bool, files: [String: String] = [:]) -> String {
        var output = ""
        var lastFile: String?
        for finding in report.findings {
            if finding.file != lastFile {
                output += TextReportRenderer.paint(TerminalText.escaped(finding.file), TextReportRenderer.Style.bold, color) + "\n"
                lastFile = finding.file
            }
            let place = finding.pointer.map(TerminalText.escaped) ?? [finding.line, finding.column].compactMap { $0.map(String.init) }.joined(separator: ":")
            let severity = TextReportRenderer.paint(finding.severity.rawValue, TextReportRenderer.style(of: finding.severity), color)
            output += "  \(place)  \(severity)  \(TerminalText.escaped(Self.found(in: finding.message)))  "
                + TextReportRenderer.paint(TerminalText.escaped(finding.ruleId), TextReportRenderer.Style.dim, color) + "\n"
        }
        for rejection in report.rejections {
            let file = rejection.specId.flatMap { files[$0] } ?? rejection.specId ?? "?"
            output += "\(TerminalText.escaped(file))\n  \(TextReportRenderer.paint("error", TextReportRenderer.Style.error, color))  "
                + "\(TerminalText.escaped(rejection.code)): \(TerminalText.escaped(rejection.message))\n"
        }
        let counts = Dictionary(report.findings.map { ($0.ruleId, 1) }, uniquingKeysWith: +)
        let advised = ReportedRule.all(naming: report.findings).filter { counts[$0.id] != nil }
        guard !advised.isEmpty else { return output }
        output += "\nWhat each rule asks (docs/rules.md, `rulebook rules`):\n"
        for rule in advised {
            output += "  \(TerminalText.escaped(rule.id)) (\(counts[rule.id] ?? 0)): \(TerminalText.escaped(rule.summary))\n"
        }
        return output
    }

    /// What a message says was found: its first clause, before the advice that follows `; `.
    static func found(in message: String) -> String {
        message.range(of: "; ").map { String(message[..<$0.lowerBound]) } ?? message
    }
}
