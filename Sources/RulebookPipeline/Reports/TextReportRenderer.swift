import Foundation
import RulebookCore

/// Compiler-style text, one line per finding (`path:line:col: error: message [rule-id]`,
/// clickable in editors and terminals) and per rejected spec. Control characters in
/// messages and paths are shown escaped, so each finding stays on one line and cannot
/// drive the terminal.
///
/// Where a Swift finding ends follows the rule id, `[rule-id] (to 12:31)`: the end line and
/// the column just after the token. The `path:line:col: severity:` prefix stays as
/// compilers write it, which editors and problem matchers (`%f:%l:%c: %m`) parse; clang's
/// range form (`path:line:col:{l1:c1-l2:c2}:`) would break them.
public enum TextReportRenderer {
    /// The report as text, with ANSI colours when `color` is set; a rejected spec is placed
    /// at its file when `files` (spec id to file) names one, else at its id.
    public static func render(_ report: CheckReport, color: Bool, files: [String: String] = [:]) -> String {
        var lines = report.findings.map { line($0, color: color) }
        lines += report.rejections.map { rejection in
            let file = rejection.specId.flatMap { files[$0] } ?? rejection.specId ?? "?"
            let place = paint(TerminalText.escaped(file) + ":", Style.bold, color)
            return "\(place) \(paint("error:", Style.error, color)) \(TerminalText.escaped(rejection.code)): "
                + "\(TerminalText.escaped(rejection.message)) \(paint("[spec-rejected]", Style.dim, color))"
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `path:line:col: severity: message [rule-id] (to endLine:endColumn)`; declared specs
    /// name their JSON pointer, `[rule-id] (at /pointer)`.
    public static func line(_ finding: Finding, color: Bool = false) -> String {
        var place = TerminalText.escaped(finding.file)
        if let line = finding.line { place += ":\(line)" }
        if let column = finding.column { place += ":\(column)" }
        let severity = finding.severity.rawValue + ":"
        var text = "\(paint(place + ":", Style.bold, color)) \(paint(severity, style(of: finding.severity), color)) "
            + "\(TerminalText.escaped(finding.message)) \(paint("[\(TerminalText.escaped(finding.ruleId))]", Style.dim, color))"
        if let endLine = finding.endLine, let endColumn = finding.endColumn {
            text += " " + paint("(to \(endLine):\(endColumn))", Style.dim, color)
        }
        if let pointer = finding.pointer { text += " (at \(TerminalText.escaped(pointer)))" }
        return text
    }

    /// Whether text written to `fileDescriptor` gets colours: only when it is a terminal,
    /// `NO_COLOR` is unset or empty (no-color.org) and `TERM` is not `dumb`.
    public static func usesColor(fileDescriptor: Int32, environment: [String: String]) -> Bool {
        isatty(fileDescriptor) == 1 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// SGR codes of the text formats' colours.
    enum Style {
        static let bold = "1"
        static let dim = "2"
        static let error = "1;31"
        static let warning = "1;35"
        static let note = "1;36"
    }

    static func style(of severity: Severity) -> String {
        switch severity {
        case .error: Style.error
        case .warning: Style.warning
        case .note: Style.note
        }
    }

    static func paint(_ text: String, _ style: String, _ color: Bool) -> String {
        color ? "\u{1B}[\(style)m\(text)\u{1B}[0m" : text
    }
}
