import RulebookCore

/// GitHub Actions workflow commands, one per finding
/// (`::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`; notes become
/// `::notice`) and per rejected spec, escaped as `@actions/core` escapes them.
public enum GitHubReportRenderer {
    /// The report as workflow commands; a rejected spec is annotated on its file when
    /// `files` (spec id to file) names one.
    public static func render(_ report: CheckReport, files: [String: String] = [:]) -> String {
        var lines = report.findings.map(command)
        lines += report.rejections.map { rejection in
            let file = rejection.specId.flatMap { files[$0] }.map { "file=\(escapeProperty($0))," } ?? ""
            return "::error \(file)title=\(escapeProperty(rejection.code))::" + escapeData(rejection.reportMessage)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The workflow command for one finding.
    public static func command(_ finding: Finding) -> String {
        var properties = [("file", finding.file)]
        if let line = finding.line { properties.append(("line", String(line))) }
        if let column = finding.column { properties.append(("col", String(column))) }
        // The finding's end as Rulebook gives it (the column after the token). GitHub draws
        // the columns only when the range is on one line.
        if let endLine = finding.endLine { properties.append(("endLine", String(endLine))) }
        if let endColumn = finding.endColumn { properties.append(("endColumn", String(endColumn))) }
        properties.append(("title", finding.ruleId))
        var message = finding.message
        if let pointer = finding.pointer { message += " (at \(pointer))" }
        let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(command(for: finding.severity)) \(list)::\(escapeData(message))"
    }

    /// A command's message: `%` → `%25`, CR → `%0D`, LF → `%0A` (the toolkit's `escapeData`).
    public static func escapeData(_ text: String) -> String {
        escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A")])
    }

    /// A command's property value: ``escapeData(_:)`` plus `:` → `%3A` and `,` → `%2C`
    /// (the toolkit's `escapeProperty`).
    public static func escapeProperty(_ text: String) -> String {
        escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C")])
    }

    /// Replaces scalars, not characters: `\r\n` is one Swift `Character`, but two escapes.
    /// Other control characters (ESC, BEL, …), which the runner would echo raw into the log
    /// viewer and terminals, are written as visible `\u{…}` escapes (``TerminalText``).
    private static func escape(_ text: String, _ replacements: [(Unicode.Scalar, String)]) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if let replacement = replacements.first(where: { $0.0 == scalar }) {
                result += replacement.1
            } else if TerminalText.isControl(scalar) {
                result += TerminalText.escaped(String(scalar))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func command(for severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }
}
