import RulebookCore

/// Checkstyle XML: a `file` element for every checked file (empty when clean) with an
/// `error` element per finding; `source` is `rulebook.<rule-id>`. Rejected specs have no
/// file and are left out (they still fail the run and show in the summary line).
public enum CheckstyleReportRenderer {
    /// The report as checkstyle XML.
    public static func render(_ document: ReportDocument) -> String {
        let byFile = Dictionary(grouping: document.report.findings, by: \.file)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for file in document.files {
            let errors = byFile[file] ?? []
            guard !errors.isEmpty else {
                xml += "  <file name=\"\(XMLText.attribute(file))\"/>\n"
                continue
            }
            xml += "  <file name=\"\(XMLText.attribute(file))\">\n"
            for finding in errors {
                var attributes = ""
                if let line = finding.line { attributes += " line=\"\(line)\"" }
                if let column = finding.column { attributes += " column=\"\(column)\"" }
                var message = finding.message
                if let pointer = finding.pointer { message += " (at \(pointer))" }
                xml += "    <error\(attributes) severity=\"\(severity(finding.severity))\" "
                    + "message=\"\(XMLText.attribute(message))\" source=\"rulebook.\(XMLText.attribute(finding.ruleId))\"/>\n"
            }
            xml += "  </file>\n"
        }
        return xml + "</checkstyle>\n"
    }

    /// Checkstyle's severities are error, warning and info.
    private static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "info"
        }
    }
}
