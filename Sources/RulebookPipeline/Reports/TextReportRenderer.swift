import Foundation
import RulebookCore

/// Compiler-style text, one line per finding (`path:line:col: error: message [rule-id]`,
/// clickable in editors and terminals) and per rejected spec. Control characters in
/// messages and paths are shown escaped, so each finding stays on one line and cannot
/// drive the terminal.
public enum TextReportRenderer {
    /// The report as text, with ANSI colours when `color` is set.
    public static func render(_ report: CheckReport, color: Bool) -> String {
        var lines = report.findings.map { line($0, color: color) }
        lines += report.rejections.map { rejection in
            let place = paint(sanitised(rejection.specId ?? "?") + ":", Style.bold, color)
            return "\(place) \(paint("error:", Style.error, color)) \(rejection.code): \(sanitised(rejection.message)) \(paint("[spec-rejected]", Style.dim, color))"
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `path:line:col: severity: message [rule-id]`; declared specs name their JSON pointer.
    public static func line(_ finding: Finding, color: Bool = false) -> String {
        var place = sanitised(finding.file)
        if let line = finding.line { place += ":\(line)" }
        if let column = finding.column { place += ":\(column)" }
        let severity = finding.severity.rawValue + ":"
        var text = "\(paint(place + ":", Style.bold, color)) \(paint(severity, style(of: finding.severity), color)) "
            + "\(sanitised(finding.message)) \(paint("[\(finding.ruleId)]", Style.dim, color))"
        if let pointer = finding.pointer { text += " (at \(sanitised(pointer)))" }
        return text
    }

    /// Whether text written to `fileDescriptor` gets colours: only when it is a terminal,
    /// `NO_COLOR` is unset or empty (no-color.org) and `TERM` is not `dumb`.
    public static func usesColor(fileDescriptor: Int32, environment: [String: String]) -> Bool {
        isatty(fileDescriptor) == 1 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// `text` with control characters (C0, DEL, C1) written as `\u{…}` escapes.
    static func sanitised(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private enum Style {
        static let bold = "1"
        static let dim = "2"
        static let error = "1;31"
        static let warning = "1;35"
        static let note = "1;36"
    }

    private static func style(of severity: Severity) -> String {
        switch severity {
        case .error: Style.error
        case .warning: Style.warning
        case .note: Style.note
        }
    }

    private static func paint(_ text: String, _ style: String, _ color: Bool) -> String {
        color ? "\u{1B}[\(style)m\(text)\u{1B}[0m" : text
    }
}
