import RulebookCore

/// Checkstyle XML: a `file` element for every checked file (empty when clean) with an
/// `error` element per finding; `source` is `rulebook.<rule-id>`. A rejected spec is an
/// `error` with `source` `rulebook.<RBxxx>` on each of its files, or on `spec <id>` when
/// its files are unknown (a spec too malformed to name them).
public enum CheckstyleReportRenderer {
    /// The report as checkstyle XML.
    public static func render(_ document: ReportDocument) -> String {
        let byFile = Dictionary(grouping: document.report.findings, by: \.file)
        let rejected = rejectionsByFile(document)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for file in Set(document.files).union(rejected.keys).sorted() {
            let findings = byFile[file] ?? []
            let rejections = rejected[file] ?? []
            guard !findings.isEmpty || !rejections.isEmpty else {
                xml += "  <file name=\"\(XMLText.attribute(file))\"/>\n"
                continue
            }
            xml += "  <file name=\"\(XMLText.attribute(file))\">\n"
            for rejection in rejections {
                xml += "    <error severity=\"error\" message=\"\(XMLText.attribute(rejection.reportMessage))\" source=\"rulebook.\(XMLText.attribute(rejection.code))\"/>\n"
            }
            for finding in findings {
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

    /// The run's rejections under the files of the specs they reject.
    private static func rejectionsByFile(_ document: ReportDocument) -> [String: [CheckReport.Rejection]] {
        var byFile: [String: [CheckReport.Rejection]] = [:]
        for rejection in document.report.rejections {
            let files = document.specs.first { $0.specId == rejection.specId && rejection.specId != nil }?.files ?? []
            for file in files.isEmpty ? ["spec \(rejection.specId ?? "?")"] : files {
                byFile[file, default: []].append(rejection)
            }
        }
        return byFile
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
