import Foundation
import RulebookCore
import RulebookSwiftSource

/// `rulebook check --fix`: checks, applies every fix (never a suggestion) of the findings the
/// check reports, checks again, and repeats while fixes that overlapped others wait for the
/// text the first ones made (three passes at most). A file is rewritten only when the check
/// read it as it still is (not modified since the pass began), it parsed cleanly, and the
/// fixed text parses cleanly too; each rewrite is atomic (``FileRewrite``). With `dryRun`, one
/// pass prints what it would change as a unified diff and writes nothing.
public struct FixRun {
    /// The check to run.
    public var options: CheckOptions
    /// Print the diff and write nothing.
    public var dryRun: Bool
    /// The findings of a report that are fixed (those the check reports after its baseline
    /// and severity filters).
    public var reported: @Sendable (ReportDocument) throws -> [Finding]

    /// The most passes a run makes: every fix here touches its own finding's text, so a second
    /// pass only takes fixes that overlapped, and a third would mean a loop.
    static let maximumPasses = 3

    public init(options: CheckOptions, dryRun: Bool, reported: @escaping @Sendable (ReportDocument) throws -> [Finding]) {
        self.options = options
        self.dryRun = dryRun
        self.reported = reported
    }

    /// What a fix run did.
    public struct Outcome: Sendable {
        /// The last check: what remains.
        public var document: ReportDocument
        /// Fixes applied (or, in a dry run, that would be), by rule id.
        public var fixedByRule: [String: Int] = [:]
        /// Files rewritten (or that would be), as reports name them.
        public var files: Set<String> = []
        /// Why a file's fixes were left out, by file.
        public var skipped: [String: String] = [:]
        /// A dry run's diff of every file it would change.
        public var diff = ""
        /// Suggestions left for review.
        public var suggestions = 0
    }

    public func execute() throws -> Outcome {
        var began = Date()
        var outcome = Outcome(document: try CheckRun(options: options).execute())
        for _ in 0..<(dryRun ? 1 : Self.maximumPasses) {
            let findings = try reported(outcome.document)
            let unparsed = Set(findings.filter { $0.ruleId == RuleEngine.parseErrorRuleId }.map(\.file))
            for file in unparsed where findings.contains(where: { $0.file == file && $0.fix?.kind == .fix }) {
                outcome.skipped[file] = "it does not parse cleanly"
            }
            let selection = FixSelection(findings, excluding: unparsed.union(outcome.skipped.keys))
            guard !selection.edits.isEmpty else { break }
            var rewritten: Set<String> = []
            for (file, edits) in selection.edits.sorted(by: { $0.key < $1.key }) {
                if let reason = try rewrite(file, with: edits, checkedSince: began, into: &outcome) {
                    outcome.skipped[file] = reason
                } else {
                    rewritten.insert(file)
                }
            }
            for finding in selection.fixed where finding.fix?.edits.allSatisfy({ rewritten.contains($0.file) }) == true {
                outcome.fixedByRule[finding.ruleId, default: 0] += 1
            }
            outcome.files.formUnion(rewritten)
            guard !dryRun, !rewritten.isEmpty else { break }
            began = Date()
            outcome.document = try CheckRun(options: options).execute()
            if selection.deferred.isEmpty { break }
        }
        outcome.suggestions = try reported(outcome.document).filter { $0.fix?.kind == .suggestion }.count
        return outcome
    }

    /// Applies `edits` to `file`, or says why not.
    private func rewrite(_ file: String, with edits: [TextEdit], checkedSince began: Date, into outcome: inout Outcome) throws -> String? {
        let path = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let modified = attributes[.modificationDate] as? Date, let data = FileManager.default.contents(atPath: path)
        else { return "it can no longer be read" }
        guard modified < began else { return "it changed after the check read it" }
        guard let source = String(data: data, encoding: .utf8), let fixed = FixedSource.applying(edits, to: source, path: file) else {
            return "the fixed text would not parse"
        }
        if dryRun {
            outcome.diff += UnifiedDiff.between(source, fixed, name: file)
        } else {
            try FileRewrite.replace(path, with: fixed)
        }
        return nil
    }
}
