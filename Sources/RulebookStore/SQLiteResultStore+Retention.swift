import GRDB

/// How many completed runs a store keeps: a long-lived pipeline whose history nobody reads
/// (the one `rulebook mcp` starts for its calls) would otherwise grow for as long as it runs.
public enum RunRetention: Sendable, Equatable {
    /// Every run, as `rulebook check --db` and a serving persister keep them.
    case all
    /// The `count` most recently completed runs; older ones are deleted, with their specs,
    /// findings and rejections, whenever a run completes. Runs not completed are kept.
    case latest(Int)
}

extension SQLiteResultStore {
    /// Deletes the completed runs beyond the retention's count (inside the caller's transaction).
    static func forgetCompletedRuns(beyond retention: RunRetention, in db: Database) throws {
        guard case .latest(let count) = retention else { return }
        let doomed = try String.fetchAll(
            db, sql: "SELECT id FROM runs WHERE completed_at IS NOT NULL ORDER BY completed_at DESC, rowid DESC LIMIT -1 OFFSET ?",
            arguments: [count])
        guard !doomed.isEmpty else { return }
        let runs = "(\(databaseQuestionMarks(count: doomed.count)))"
        let arguments = StatementArguments(doomed)
        // Findings first: they point at their spec rows.
        for table in ["findings", "rejections", "specs", "runs"] {
            try db.execute(sql: "DELETE FROM \(table) WHERE \(table == "runs" ? "id" : "run_id") IN \(runs)", arguments: arguments)
        }
    }
}
