import Foundation
import RulebookCore

/// `rulebook check --fix`: checks, applies every fix (never a suggestion) of the findings the
/// check reports, checks again, and repeats while fixes that overlapped others wait for the
/// text the first ones made (three passes at most). A file is rewritten only when the check
/// read it as it still is (not modified since the pass began), it parsed cleanly, and the
/// fixed text parses cleanly too (``FixPass``); each rewrite is atomic (``FileRewrite``).
/// With `dryRun`, one pass prints what it would change as a unified diff and writes nothing.
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
    public static let maximumPasses = 3

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
            let checkedAt = began
            let pass = FixPass(try reported(outcome.document), excluding: Set(outcome.skipped.keys)) { file in
                Self.read(file, unchangedSince: checkedAt)
            }
            outcome.skipped.merge(pass.skipped) { first, _ in first }
            for (file, text) in pass.texts.sorted(by: { $0.key < $1.key }) {
                if dryRun {
                    outcome.diff += UnifiedDiff.between(pass.originals[file] ?? "", text, name: file)
                } else {
                    try FileRewrite.replace(Self.path(of: file), with: text)
                }
            }
            outcome.fixedByRule.merge(pass.fixedByRule, uniquingKeysWith: +)
            outcome.files.formUnion(pass.texts.keys)
            guard !dryRun, !pass.texts.isEmpty else { break }
            began = Date()
            outcome.document = try CheckRun(options: options).execute()
            if !pass.leavesFixesWaiting { break }
        }
        outcome.suggestions = try reported(outcome.document).filter { $0.fix?.kind == .suggestion }.count
        return outcome
    }

    /// The file a report names: relative names are the current folder's, as the check made them.
    private static func path(of file: String) -> String {
        file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
    }

    /// The text of `file`, unless it changed after `began` (the check may have read another).
    private static func read(_ file: String, unchangedSince began: Date) -> Result<String, FixPass.Refusal> {
        let path = path(of: file)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let modified = attributes[.modificationDate] as? Date, let data = FileManager.default.contents(atPath: path),
            let text = String(data: data, encoding: .utf8)
        else { return .failure(FixPass.Refusal("it can no longer be read")) }
        return modified < began ? .success(text) : .failure(FixPass.Refusal("it changed after the check read it"))
    }
}
