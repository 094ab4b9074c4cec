import Foundation
import RulebookCore

/// Renders a ``ReportDocument`` in any ``ReportFormat``, and the one-line summary for stderr.
public enum ReportRenderer {
    /// The report as text to print or write; `color` applies to the text formats only.
    public static func render(_ document: ReportDocument, as format: ReportFormat, color: Bool = false) -> String {
        switch format {
        case .text: TextReportRenderer.render(document.report, color: color, files: document.rejectedFiles)
        case .compact: CompactReportRenderer.render(document.report, color: color, files: document.rejectedFiles)
        case .json: JSONReportRenderer.render(document.report)
        case .sarif: SARIFReportRenderer.render(document)
        case .junit: JUnitReportRenderer.render(document)
        case .github: GitHubReportRenderer.render(document.report, files: document.rejectedFiles)
        case .checkstyle: CheckstyleReportRenderer.render(document)
        case .summary: SummaryReportRenderer.render(document.report)
        }
    }

    /// One line for stderr: `rulebook: 2 errors, 1 warning, 0 notes in 5 specs (0.84 s)`;
    /// `baselined` findings left out by a baseline are counted too.
    public static func summaryLine(_ report: CheckReport, baselined: Int = 0) -> String {
        var text = "rulebook: " + countsSentence(report.summary)
        if baselined > 0 { text += ", \(plural(baselined, "finding")) in the baseline" }
        let seconds = Double(report.run.durationMillis) / 1_000
        text += String(format: " (%.2f s)", seconds)
        return text
    }

    /// `2 errors, 1 warning, 0 notes in 5 specs[, 1 rejected]`.
    static func countsSentence(_ summary: RunSummary) -> String {
        var text = "\(plural(summary.errors, "error")), \(plural(summary.warnings, "warning")), "
            + "\(plural(summary.notes, "note")) in \(plural(summary.specs, "spec"))"
        if summary.rejected > 0 { text += ", \(summary.rejected) rejected" }
        return text
    }

    static func plural(_ count: Int, _ word: String) -> String {
        "\(count) \(word)\(count == 1 ? "" : "s")"
    }
}
