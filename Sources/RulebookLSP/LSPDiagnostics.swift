import RulebookCore
import RulebookPipeline

/// Findings as LSP diagnostics of one open document: positions in UTF-16 code units (LSP's
/// default `positionEncoding`), from the findings' 1-based lines and UTF-8 columns read
/// against the text the editor sent.
struct LSPDiagnostics {
    /// The document's lines, as the editor has them.
    private let lines: [Substring]
    /// Where each finding's `codeDescription` points.
    private let links: RuleDocumentLinks

    init(text: String, links: RuleDocumentLinks) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        self.links = links
    }

    /// The diagnostics of `findings` and `rejections` in this document.
    func diagnostics(_ findings: [Finding], rejections: [CheckedSpecs.Rejection]) -> [[String: Any]] {
        findings.map(diagnostic) + rejections.map { rejection in
            // A file that could not be checked: said once, at its top, with its taxonomy code.
            [
                "range": range(line: 1, column: 1, endLine: nil, endColumn: nil), "severity": 1, "code": rejection.code,
                "source": "rulebook", "message": rejection.message,
            ]
        }
    }

    func diagnostic(_ finding: Finding) -> [String: Any] {
        var diagnostic: [String: Any] = [
            "range": range(line: finding.line ?? 1, column: finding.column ?? 1, endLine: finding.endLine, endColumn: finding.endColumn),
            "severity": Self.severity(finding.severity), "code": finding.ruleId, "source": "rulebook", "message": finding.message,
        ]
        if let href = links.href(ofRule: finding.ruleId) { diagnostic["codeDescription"] = ["href": href] }
        return diagnostic
    }

    /// LSP's DiagnosticSeverity: Error 1, Warning 2, Information 3.
    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }

    /// A range from 1-based lines and UTF-8 columns; without an end, to the end of the line.
    func range(line: Int, column: Int, endLine: Int?, endColumn: Int?) -> [String: Any] {
        let start = position(line: line, column: column)
        let end = endLine.flatMap { endLine in endColumn.map { position(line: endLine, column: $0) } }
            ?? ["line": start["line"]!, "character": utf16Length(ofLine: line - 1)]
        return ["start": start, "end": end]
    }

    /// The 0-based position of a 1-based line and UTF-8 column, clamped to the text.
    func position(line: Int, column: Int) -> [String: Int] {
        let index = max(0, min(line - 1, lines.count - 1))
        guard index < lines.count else { return ["line": 0, "character": 0] }
        let utf8 = lines[index].utf8
        let bytes = min(max(0, column - 1), utf8.count)
        let prefix = lines[index].utf8.prefix(bytes)
        // A column inside a multi-byte character counts the whole character before it.
        let character = String(decoding: prefix, as: UTF8.self).utf16.count
        return ["line": index, "character": character]
    }

    private func utf16Length(ofLine index: Int) -> Int {
        guard index >= 0, index < lines.count else { return 0 }
        return lines[index].utf16.count
    }
}
