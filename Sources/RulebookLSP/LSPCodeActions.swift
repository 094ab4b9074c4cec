import Foundation
import RulebookCore

/// The code actions of one open document: each finding's fix or suggestion as a `quickfix`
/// where the editor asks (its range meets the finding's), and `source.fixAll.rulebook` with
/// every fix (never a suggestion) that fits together. Edits are the fixes' byte ranges read
/// against the text that was checked, which the editor still has (the caller makes sure).
struct LSPCodeActions {
    /// The kind of the action that applies every fix.
    static let fixAllKind = "source.fixAll.rulebook"

    let uri: String
    let diagnostics: LSPDiagnostics
    /// The document's lines' UTF-8 offsets, to turn byte offsets into positions; `nil` for a
    /// text with a carriage return, which gets no fix.
    private let lines: LineOffsets?

    init(uri: String, text: String, links: RuleDocumentLinks) {
        self.uri = uri
        diagnostics = LSPDiagnostics(text: text, links: links)
        lines = LineOffsets(text)
    }

    /// The actions for `range` (LSP, 0-based) among `findings` of this document; `only`
    /// filters kinds as the client's `context.only` does.
    func actions(_ published: [Finding], in range: (start: Int, end: Int), only: [String]?) -> [[String: Any]] {
        // Fixes that edit this document alone: the edits are read against its text.
        guard let lines else { return [] }
        let findings = published.filter { finding in finding.fix?.edits.allSatisfy { $0.file == finding.file } ?? false }
        let wanted = { (kind: String) in only.map { $0.contains { kind == $0 || kind.hasPrefix($0 + ".") } } ?? true }
        var actions: [[String: Any]] = []
        if wanted("quickfix") {
            for finding in findings {
                guard let fix = finding.fix, !fix.edits.isEmpty, let line = finding.line else { continue }
                let first = line - 1, last = (finding.endLine ?? line) - 1
                guard first <= range.end, last >= range.start else { continue }
                var action: [String: Any] = [
                    "title": fix.kind == .fix ? "Fix: \(fix.summary)" : "Suggestion (review it): \(fix.summary)",
                    "kind": "quickfix", "diagnostics": [diagnostics.diagnostic(finding)], "edit": edit(fix.edits),
                ]
                if fix.kind == .fix { action["isPreferred"] = true }
                actions.append(action)
            }
        }
        let all = FixSelection(findings)
        if wanted(Self.fixAllKind), !all.fixed.isEmpty {
            actions.append([
                "title": "Fix all rulebook findings (\(all.fixed.count))", "kind": Self.fixAllKind,
                "edit": edit(all.edits.values.flatMap { $0 }),
            ])
        }
        return actions
    }

    /// A workspace edit of this document.
    private func edit(_ edits: [TextEdit]) -> [String: Any] {
        ["changes": [uri: edits.sorted { $0.byteOffset < $1.byteOffset }.map { edit in
            ["range": ["start": position(edit.byteOffset), "end": position(edit.byteOffset + edit.byteLength)], "newText": edit.replacement]
        }]]
    }

    /// The LSP position of a UTF-8 offset of the text.
    private func position(_ offset: Int) -> [String: Int] {
        let place = lines?.position(of: offset) ?? (line: 1, column: 1)
        return diagnostics.position(line: place.line, column: place.column)
    }
}
