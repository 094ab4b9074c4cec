/// Renders a ``RunDiff``: text lists new findings as `+ path:line:col: …` and fixed ones
/// as `- …`; json is the ``RunDiff`` itself.
public enum RunDiffRenderer {
    /// The formats a diff renders in.
    public static let formats: [ReportFormat] = [.text, .json]

    /// The diff in `format` (one of ``formats``; others render as text).
    public static func render(_ diff: RunDiff, as format: ReportFormat, color: Bool = false) -> String {
        guard format != .json else { return JSONReportRenderer.encode(diff) }
        let lines = diff.new.map { "+ " + TextReportRenderer.line($0, color: color) }
            + diff.fixed.map { "- " + TextReportRenderer.line($0, color: color) }
        return lines.map { $0 + "\n" }.joined()
    }

    /// One line for stderr: `rulebook: 2 new, 1 fixed, 10 unchanged since run …`.
    public static func summaryLine(_ diff: RunDiff) -> String {
        "rulebook: \(diff.new.count) new, \(diff.fixed.count) fixed, \(diff.unchanged) unchanged since run \(diff.since.id)"
    }
}
