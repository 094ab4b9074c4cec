/// Output formats of `rulebook check` and `rulebook report`.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Compiler style, one line per finding: `path:line:col: error: message [rule-id]`.
    case text
    /// Grouped by file, one short line per finding, each rule's advice once at the end.
    case compact
    /// The JSON report (`schemas/report.schema.json`).
    case json
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    case sarif
    /// JUnit XML: one test suite per file, a test case per finding.
    case junit
    /// GitHub Actions workflow commands (`::error file=…,line=…::message`).
    case github
    /// Checkstyle XML.
    case checkstyle
    /// A Markdown table of finding counts by rule and severity.
    case summary
}
