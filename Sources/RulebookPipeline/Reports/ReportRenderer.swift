import Foundation
import RulebookCore

/// Output formats of `rulebook check`.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Compiler style, one line per finding: `path:line:col: error: message [rule-id]`.
    case text
    /// The JSON report (`schemas/report.schema.json`).
    case json
}

/// Renders a ``CheckReport`` in a ``ReportFormat``.
public enum ReportRenderer {
    /// The report as text to print or write.
    public static func render(_ report: CheckReport, as format: ReportFormat) -> String {
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(report)) ?? Data()
            return String(decoding: data, as: UTF8.self) + "\n"
        case .text:
            var lines = report.findings.map(textLine)
            lines += report.rejections.map { "\($0.specId ?? "?"): error: \($0.code): \($0.message) [spec-rejected]" }
            return lines.map { $0 + "\n" }.joined()
        }
    }

    /// `path:line:col: severity: message [rule-id]`; declared specs name their JSON pointer.
    static func textLine(_ finding: Finding) -> String {
        var place = finding.file
        if let line = finding.line { place += ":\(line)" }
        if let column = finding.column { place += ":\(column)" }
        var text = "\(place): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleId)]"
        if let pointer = finding.pointer { text += " (at \(pointer))" }
        return text
    }

    /// One line for stderr: `rulebook: 2 errors, 1 warning, 0 notes in 5 specs (0.84 s)`.
    public static func summaryLine(_ report: CheckReport) -> String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        let summary = report.summary
        var text = "rulebook: \(plural(summary.errors, "error")), \(plural(summary.warnings, "warning")), "
            + "\(plural(summary.notes, "note")) in \(plural(summary.specs, "spec"))"
        if summary.rejected > 0 { text += ", \(summary.rejected) rejected" }
        let seconds = Double(report.run.durationMillis) / 1_000
        text += String(format: " (%.2f s)", seconds)
        return text
    }
}
