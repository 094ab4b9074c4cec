import Foundation
import MCP
import RulebookCore
import RulebookPipeline

/// The tools' answers: structured content matching each tool's output schema, and the same
/// JSON as text for clients that read only text.
enum ToolOutput {
    /// A check's answer; `isError` when a spec could not be checked, its text then starts
    /// with each rejection's code and message.
    /// The summary counts every finding; `findings` are the ones `selection` answers with.
    static func check(_ checked: CheckedSpecs, selection: FindingSelection, fixes: Fixes = Fixes()) -> CallTool.Result {
        let summary = checked.summary
        let selected = selection.select(checked.findings)
        let output = CheckOutput(
            summary: .init(
                specs: summary.specs, validated: summary.validated, rejected: summary.rejected, errors: summary.errors,
                warnings: summary.warnings, notes: summary.notes, passed: summary.errors == 0 && summary.rejected == 0),
            findings: selected.findings, matching: selected.matching, byRule: selected.byRule, truncated: selected.truncated,
            rejections: checked.rejections, excluded: checked.excluded, fixedSpec: fixes.spec,
            fixedFiles: fixes.files, diff: fixes.diff, fixed: fixes.byRule)
        let rejected = checked.rejections.map { "\($0.code): \($0.message)\n" }.joined()
        return result(output, isError: !checked.rejections.isEmpty, preface: rejected)
    }

    /// `list_rules`' answer.
    static func rules(_ entries: [RuleCatalogue.Entry], enabled: Set<String>) -> CallTool.Result {
        result(
            RuleList(
                rules: entries.map { entry in
                    RuleList.Rule(
                        id: entry.id, name: entry.name, severity: entry.severity, summary: entry.summary,
                        enabled: enabled.contains(entry.id), resource: RuleResources.uri(of: entry.id))
                }))
    }

    /// `explain_rule`'s answer: the catalogue entry, and its Markdown as the text.
    static func explanation(_ entry: RuleCatalogue.Entry) -> CallTool.Result {
        let json = encoded(entry)
        return CallTool.Result(
            content: [.text(text: RuleCatalogue.markdown(of: entry), annotations: nil, _meta: nil)],
            structuredContent: value(json))
    }

    /// `describe_swift_feature`'s answer.
    static func description(_ specs: [DeclaredSpec]) -> CallTool.Result {
        result(Description(specs: specs))
    }

    /// A call that failed: the error's code and message.
    static func failure(_ error: RulebookError) -> CallTool.Result {
        CallTool.Result(content: [.text(text: error.description, annotations: nil, _meta: nil)], isError: true)
    }

    private static func result<Output: Encodable>(_ output: Output, isError: Bool = false, preface: String = "") -> CallTool.Result {
        let json = encoded(output)
        return CallTool.Result(
            content: [.text(text: preface + String(decoding: json, as: UTF8.self), annotations: nil, _meta: nil)],
            structuredContent: value(json), isError: isError ? true : nil)
    }

    private static func encoded<Output: Encodable>(_ output: Output) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every output is plain data (strings, numbers, lists): encoding cannot fail.
        return (try? encoder.encode(output)) ?? Data("{}".utf8)
    }

    private static func value(_ json: Data) -> Value? {
        try? PlainValue.decode(json)
    }

    private struct CheckOutput: Encodable {
        struct Summary: Encodable {
            var specs, validated, rejected, errors, warnings, notes: Int
            var passed: Bool
        }

        var summary: Summary
        var findings: [Finding]
        var matching: Int
        var byRule: [String: Int]
        var truncated: Bool
        var rejections: [CheckedSpecs.Rejection]
        var excluded: [String]
        var fixedSpec: Value?
        var fixedFiles: [FixedFile]?
        var diff: String?
        var fixed: [String: Int]?
    }

    /// A file `fix_swift_source` changed, whole.
    struct FixedFile: Encodable {
        var path, contents: String
    }

    /// What a check's fixes made: the patched declared spec, or the fixed Swift files.
    struct Fixes {
        var spec: Value?
        var files: [FixedFile]?
        var diff: String?
        var byRule: [String: Int]?
    }

    private struct RuleList: Encodable {
        struct Rule: Encodable {
            var id, name: String
            var severity: Severity
            var summary: String
            var enabled: Bool
            var resource: String
        }

        var rules: [Rule]
    }

    private struct Description: Encodable {
        var specs: [DeclaredSpec]
    }
}
