import Foundation
import RulebookCore
import RulebookStore
import RulebookWire

/// Reads a run back from the store as a ``ReportDocument``: what `rulebook check` renders
/// after a run and what `rulebook report` re-renders later.
public enum StoredReport {
    /// Selects the newest run.
    public static let latest = "latest"
    /// Selects the run stored just before the reference run.
    public static let previous = "previous"

    /// The id of the run `selector` names: ``latest``, ``previous`` (the run stored before
    /// `reference`, itself the newest run when `nil`) or a run id.
    public static func resolve(_ selector: String, in store: any ResultStore, before reference: String? = nil) throws(RulebookError) -> String {
        let runs = try store.runs()
        switch selector {
        case latest:
            guard let newest = runs.first else { throw .runNotFound("latest (the database holds no run)") }
            return newest.id
        case previous:
            let anchor = reference.flatMap { id in runs.firstIndex { $0.id == id } } ?? 0
            guard anchor + 1 < runs.count else { throw .runNotFound("previous (the database holds no earlier run)") }
            return runs[anchor + 1].id
        default:
            guard runs.contains(where: { $0.id == selector }) else { throw .runNotFound(selector) }
            return selector
        }
    }

    /// The stored run `runId` as a document.
    public static func load(runId: String, from store: any ResultStore) throws(RulebookError) -> ReportDocument {
        guard let run = try store.run(id: runId) else { throw .runNotFound(runId) }
        let info = CheckReport.RunInfo(
            id: run.id, tool: run.tool ?? "unknown", paths: run.paths, ruleSetVersion: run.ruleSetVersion ?? "unknown",
            startedAt: run.startedAt ?? Timestamp.string(from: Date(timeIntervalSince1970: 0)),
            durationMillis: run.durationMillis ?? 0, validators: run.validators ?? 0, gitCommit: run.gitCommit,
            configHash: run.configHash, expectedSpecs: run.expectedSpecs,
            complete: run.expectedSpecs == nil || run.completedAt != nil)
        let report = CheckReport(
            run: info, summary: try store.summary(ofRun: runId), findings: try store.findings(ofRun: runId),
            rejections: try store.rejections(ofRun: runId).map {
                CheckReport.Rejection(specId: $0.specId, code: $0.code, message: $0.message)
            })
        return ReportDocument(
            report: report, specs: try store.specs(ofRun: runId), sourceRoot: run.sourceRoot, host: run.host,
            finishedAt: run.finishedAt)
    }
}
