import RulebookCore

/// GitHub Actions workflow commands, one per finding
/// (`::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`; notes become
/// `::notice`) and per rejected spec, escaped as `@actions/core` escapes them. GitHub shows
/// only ``annotationsPerKind`` annotations of each kind per step and drops the rest: errors
/// (rejected specs first) come first, then warnings, then notes, each kind capped; what is
/// over the cap is printed as plain log lines after them, and a closing notice says so.
public enum GitHubReportRenderer {
    /// Annotations of one kind (error, warning, notice) GitHub shows per step.
    public static let annotationsPerKind = 10

    /// The report as workflow commands; a rejected spec is annotated on its file when
    /// `files` (spec id to file) names one.
    public static func render(_ report: CheckReport, files: [String: String] = [:]) -> String {
        let rejections = report.rejections.map { rejection in
            let file = rejection.specId.flatMap { files[$0] }.map { "file=\(escapeProperty($0))," } ?? ""
            let command = "::error \(file)title=\(escapeProperty(rejection.code))::" + escapeData(rejection.reportMessage)
            return (command: command, plain: TerminalText.escaped("\(rejection.code): \(rejection.reportMessage)"))
        }
        var annotations: [String] = []
        var overflow: [String] = []
        for severity in [Severity.error, .warning, .note] {
            let findings = report.findings.filter { $0.severity == severity }
            let lines = (severity == .error ? rejections : []) + findings.map { (command: command($0), plain: TextReportRenderer.line($0)) }
            annotations += lines.prefix(annotationsPerKind).map(\.command)
            overflow += lines.dropFirst(annotationsPerKind).map(\.plain)
        }
        guard !overflow.isEmpty else { return annotations.map { $0 + "\n" }.joined() }
        let closing = "::notice title=rulebook::" + escapeData(
            "GitHub shows \(annotationsPerKind) annotations of each kind per step: \(overflow.count) more finding(s) are listed in the log "
                + "after the annotations; the whole report is written with --report sarif=FILE or --report json=FILE")
        // The closing notice goes before the notes' annotations, so that it is among those shown.
        let notes = report.findings.count(where: { $0.severity == .note })
        let beforeNotes = annotations.count - min(notes, annotationsPerKind)
        annotations.insert(closing, at: beforeNotes)
        return (annotations + overflow).map { $0 + "\n" }.joined()
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
