import ArgumentParser
import Foundation
import RulebookCore
import RulebookPipeline
import RulebookStore

/// `rulebook report`: re-renders a run stored by `rulebook check --db` in any format, or
/// lists the findings that are new and fixed since an earlier run.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Re-render a stored run, or list new and fixed findings between two runs.",
        discussion: """
            Runs are selected by id, `latest` or `previous` (with --run: the run before the \
            latest; with --since: the run before --run). Findings are matched by fingerprint, \
            so moved lines are neither new nor fixed. Exit codes: 0 rendered, 2 usage error, 3 \
            the database or run cannot be read, or the run is incomplete (rendered, with RB506 \
            on stderr).
            """)

    @Option(help: "SQLite file or postgresql:// URL written by `rulebook check --db` (RULEBOOK_DB).")
    var db: String?

    @Option(name: .customLong("run"), help: "Run to render: an id, `latest` or `previous`.")
    var selectedRun = StoredReport.latest

    @Option(help: "Earlier run to compare with (an id, `latest` or `previous`): list new and fixed findings (text or json).")
    var since: String?

    @OptionGroup var reports: ReportOutputOptions

    func validate() throws {
        if since != nil, let format = reports.formats.first(where: { !RunDiffRenderer.formats.contains($0) }) {
            throw ValidationError("--since lists new and fixed findings as text or json, not \(format.rawValue)")
        }
    }

    func run() throws {
        let text = db ?? ProcessInfo.processInfo.environment["RULEBOOK_DB"] ?? ""
        guard !text.isEmpty else { throw RulebookError.invalidArgument("name the database with --db FILE|URL or RULEBOOK_DB") }
        let database = try DatabaseLocation(text)
        if case .sqlite(let path) = database, !FileManager.default.fileExists(atPath: path) {
            throw RulebookError.invalidArgument("database '\(path)' does not exist; write one with rulebook check --db \(path)")
        }
        let store = try database.open()
        let runId = try StoredReport.resolve(selectedRun, in: store)
        let document = try StoredReport.load(runId: runId, from: store)
        guard let since else {
            try reports.write { format, color in ReportRenderer.render(document, as: format, color: color) }
            StandardStreams.error(ReportRenderer.summaryLine(document.report) + "\n")
            let run = document.report.run
            if !run.complete {
                throw RulebookError.runIncomplete(run: run.id, stored: document.report.summary.specs, expected: run.expectedSpecs ?? 0)
            }
            return
        }
        let earlier = try StoredReport.load(runId: try StoredReport.resolve(since, in: store, before: runId), from: store)
        let diff = RunDiff(run: document.report, since: earlier.report)
        try reports.write { format, color in RunDiffRenderer.render(diff, as: format, color: color) }
        StandardStreams.error(RunDiffRenderer.summaryLine(diff) + "\n")
    }
}
