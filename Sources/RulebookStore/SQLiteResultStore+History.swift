import Foundation
import GRDB
import RulebookCore

/// Run history: what `rulebook check` records about each run, and reading runs and their
/// specs back to re-render reports and compare runs.
extension SQLiteResultStore {
    public func recordHistory(_ history: RunHistory, ofRun runId: String) throws(RulebookError) {
        do {
            try pool.write { db in
                let summary = try Self.summary(of: runId, in: db)
                try db.execute(
                    sql: """
                        UPDATE runs SET git_commit = ?, config_hash = ?, source_root = ?, host = ?,
                          started_at = ?, finished_at = ?, duration_millis = ?, validators = ?,
                          spec_count = ?, validated_count = ?, rejected_count = ?, error_count = ?,
                          warning_count = ?, note_count = ?, duplicate_count = ?
                        WHERE id = ?
                        """,
                    arguments: [
                        history.gitCommit, history.configHash, history.sourceRoot, history.host,
                        history.startedAt, history.finishedAt, history.durationMillis, history.validators,
                        summary.specs, summary.validated, summary.rejected, summary.errors,
                        summary.warnings, summary.notes, summary.duplicates, runId,
                    ])
                guard db.changesCount == 1 else { throw RulebookError.runNotFound(runId) }
                for (specId, files) in history.specFiles {
                    try db.execute(
                        sql: "UPDATE specs SET files = ? WHERE spec_source = ? AND spec_id = ? AND run_id = ?",
                        arguments: [try StoredJSON.encode(files), history.specSource, specId, runId])
                }
            }
        } catch let error as RulebookError {
            throw error
        } catch {
            throw .storageFailed(String(describing: error))
        }
    }

    public func runs() throws(RulebookError) -> [StoredRun] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM runs ORDER BY rowid DESC").map(Self.storedRun)
        }
    }

    public func run(id: String) throws(RulebookError) -> StoredRun? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM runs WHERE id = ?", arguments: [id]).map(Self.storedRun)
        }
    }

    public func specs(ofRun runId: String) throws(RulebookError) -> [CheckedSpec] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT spec_id, feature, status, files FROM specs WHERE run_id = ? ORDER BY id",
                arguments: [runId]
            ).map { row in
                CheckedSpec(
                    specId: row["spec_id"], feature: row["feature"],
                    status: SpecStatus(rawValue: row["status"]) ?? .rejected, files: StoredJSON.decode(row["files"]))
            }
        }
    }

    private static func storedRun(_ row: Row) -> StoredRun {
        StoredRun(
            id: row["id"], tool: row["tool"], paths: StoredJSON.decode(row["paths"]), ruleSetVersion: row["rule_set_version"],
            startedAt: (row["started_at"] as String?) ?? row["opened_at"],
            finishedAt: (row["finished_at"] as String?) ?? row["completed_at"],
            durationMillis: row["duration_millis"], validators: row["validators"], gitCommit: row["git_commit"],
            configHash: row["config_hash"], sourceRoot: row["source_root"], host: row["host"],
            expectedSpecs: row["expected_specs"], completedAt: row["completed_at"])
    }
}
