import Foundation
import GRDB
import RulebookCore
import RulebookWire

/// The SQLite store of runs, specs, findings and rejections (GRDB, WAL mode): a file, the
/// default. Storing is idempotent on the spec's `source` + `id`: a repeat is counted, not
/// stored again.
public final class SQLiteResultStore: ResultStore {
    let pool: DatabasePool
    /// The database file.
    public let path: String
    /// Which completed runs it keeps.
    let retention: RunRetention

    public var location: String { path }

    /// Opens (creating and migrating as needed) the database at `path`. With `.background`
    /// checkpointing, a ``WALCheckpointer`` must run on the same database; with a retention
    /// other than `.all`, storing the batch that completes a run deletes the runs it no
    /// longer keeps.
    public init(path: String, checkpointing: WALCheckpointing = .inCommits, retention: RunRetention = .all) throws(RulebookError) {
        self.path = path
        self.retention = retention
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            let frames = checkpointing.autocheckpointFrames
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = \(frames)") }
            pool = try StoreSchema.migrator.openAndMigrate(at: path) { try DatabasePool(path: path, configuration: configuration) }
        } catch {
            throw .databaseUnavailable(path: path, reason: String(describing: error))
        }
    }

    // MARK: Writing

    public func apply(_ commands: [StoreCommand], now: Date) throws(RulebookError) -> StoreOutcome {
        let time = Timestamp.string(from: now)
        do {
            return try pool.writeWithoutTransaction { db in
                try db.inCachedTransaction {
                    let outcome = try StoreBatch.apply(commands, at: time, in: SQLiteStatements(db: db))
                    if !outcome.completedRuns.isEmpty { try Self.forgetCompletedRuns(beyond: retention, in: db) }
                    return outcome
                }
            }
        } catch {
            throw .storageFailed(String(describing: error))
        }
    }

    static func isCompleted(_ runId: String, in db: Database) throws -> Bool {
        let completedAt: String?? = try String?.fetchOne(db, sql: "SELECT completed_at FROM runs WHERE id = ?", arguments: [runId])
        return completedAt.flatMap { $0 } != nil
    }

    // MARK: Reading

    public func summary(ofRun runId: String) throws(RulebookError) -> RunSummary {
        try read { db in try Self.summary(of: runId, in: db) }
    }

    public func findings(ofRun runId: String) throws(RulebookError) -> [Finding] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT \(Self.findingColumns) FROM findings WHERE run_id = ? ORDER BY \(Self.findingOrder)",
                arguments: [runId]
            ).map(Self.finding(from:))
        }
    }

    static let findingColumns =
        #"rule_id, severity, message, file, line, "column", end_line, end_column, pointer, fingerprint, fix"#
    /// The engine's order (`RuleEngine.isOrdered(_:before:)`).
    static let findingOrder = #"file, line, "column", pointer, rule_id, end_line, end_column"#

    static func finding(from row: Row) -> Finding {
        Finding(
            ruleId: row["rule_id"], severity: Severity(rawValue: row["severity"]) ?? .error,
            message: row["message"],
            location: SourceLocation(
                file: row["file"], line: row["line"], column: row["column"], endLine: row["end_line"],
                endColumn: row["end_column"], pointer: row["pointer"]),
            fingerprint: row["fingerprint"], fix: StoredJSON.fix(from: row["fix"]))
    }

    public func verdicts(ofRun runId: String) throws(RulebookError) -> [SpecValidated] {
        try read { db in
            var findings: [Int64: [Finding]] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT spec_row, \(Self.findingColumns) FROM findings WHERE run_id = ? ORDER BY id", arguments: [runId])
            {
                findings[row["spec_row"], default: []].append(Self.finding(from: row))
            }
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT id, spec_source, spec_id, feature, origin, dialect, validator, duration_micros
                    FROM specs WHERE run_id = ? AND status = ? ORDER BY id
                    """,
                arguments: [runId, SpecStatus.validated.rawValue]
            ).compactMap { row -> SpecValidated? in
                guard let origin = SpecOrigin(rawValue: row["origin"] ?? ""), let dialect = Dialect(rawValue: row["dialect"] ?? "")
                else { return nil }
                return SpecValidated(
                    specId: row["spec_id"], specSource: row["spec_source"], feature: row["feature"] ?? "", origin: origin,
                    dialect: dialect, findings: findings[row["id"]] ?? [], validator: row["validator"] ?? "",
                    durationMicros: row["duration_micros"] ?? 0)
            }
        }
    }

    public func rejections(ofRun runId: String) throws(RulebookError) -> [SpecRejectedRecord] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT spec_id, code, message, stage FROM rejections WHERE run_id = ? ORDER BY id",
                arguments: [runId]
            ).map { row in
                SpecRejectedRecord(specId: row["spec_id"], code: row["code"], message: row["message"], stage: row["stage"])
            }
        }
    }

    public func isCompleted(run runId: String) throws(RulebookError) -> Bool {
        try read { db in try Self.isCompleted(runId, in: db) }
    }

    static func summary(of runId: String, in db: Database) throws -> RunSummary {
        let specs = try Row.fetchAll(
            db, sql: "SELECT status, COUNT(*) AS n, SUM(duplicates) AS d FROM specs WHERE run_id = ? GROUP BY status",
            arguments: [runId]
        ).map { row in StoredCounts.Specs(status: row["status"], count: row["n"], duplicates: row["d"]) }
        let findings = try Row.fetchAll(
            db, sql: "SELECT severity, COUNT(*) AS n FROM findings WHERE run_id = ? GROUP BY severity",
            arguments: [runId]
        ).map { row in StoredCounts.Findings(severity: row["severity"], count: row["n"]) }
        return StoredCounts.summary(specs: specs, findings: findings)
    }

    func read<T>(_ body: (Database) throws -> T) throws(RulebookError) -> T {
        do {
            return try pool.read(body)
        } catch {
            throw .storageFailed(String(describing: error))
        }
    }
}
