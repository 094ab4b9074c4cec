import Foundation
import GRDB
import RulebookCore
import RulebookWire

/// The SQLite store of runs, specs, findings and rejections (GRDB, WAL mode). Storing is
/// idempotent on the spec's `source` + `id`: a repeat is counted, not stored again.
public final class ResultStore: Sendable {
    let pool: DatabasePool
    /// The database file.
    public let path: String

    /// Opens (creating and migrating as needed) the database at `path`. With `.background`
    /// checkpointing, a ``WALCheckpointer`` must run on the same database.
    public init(path: String, checkpointing: WALCheckpointing = .inCommits) throws(RulebookError) {
        self.path = path
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            let frames = checkpointing.autocheckpointFrames
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = \(frames)") }
            pool = try DatabasePool(path: path, configuration: configuration)
            try StoreSchema.migrator.migrate(pool)
        } catch {
            throw .databaseUnavailable(path: path, reason: String(describing: error))
        }
    }

    // MARK: Writing

    /// Stores a batch in one transaction and returns the acks and completed runs.
    public func apply(_ commands: [StoreCommand], now: Date = Date()) throws(RulebookError) -> StoreOutcome {
        let time = Timestamp.string(from: now)
        do {
            return try pool.writeWithoutTransaction { db in
                try db.inCachedTransaction { try Self.apply(commands, at: time, in: db) }
            }
        } catch {
            throw .storageFailed(String(describing: error))
        }
    }

    /// Stores a batch inside the caller's transaction.
    private static func apply(_ commands: [StoreCommand], at time: String, in db: Database) throws -> StoreOutcome {
        var outcome = StoreOutcome()
        // The runs the batch touches, in the order it first touches them, and for each whether
        // it may complete now (`ensureRun`).
        var touchedRuns: [String] = []
        var mayComplete: [String: Bool] = [:]
        func touch(_ runId: String, mayCompleteNow: Bool) {
            if mayComplete.updateValue(mayCompleteNow, forKey: runId) == nil { touchedRuns.append(runId) }
        }
        func ensure(_ runId: String) throws {
            if mayComplete[runId] == nil { touch(runId, mayCompleteNow: try ensureRun(runId, at: time, in: db)) }
        }
        for command in commands {
            switch command {
            case .openRun(let opened):
                if try isCompleted(opened.runId, in: db) {
                    // A producer that missed `run.completed` asks again by reopening.
                    outcome.completedRuns.append(RunCompleted(runId: opened.runId, summary: try summary(of: opened.runId, in: db)))
                    continue
                }
                try open(opened, at: time, in: db)
                touch(opened.runId, mayCompleteNow: true)
            case .validated(let runId, let result):
                try ensure(runId)
                outcome.acks.append(try store(result, runId: runId, at: time, in: db))
            case .rejected(let runId, let rejection):
                if let runId { try ensure(runId) }
                if let ack = try store(rejection, runId: runId, at: time, in: db) {
                    outcome.acks.append(ack)
                } else {
                    outcome.anonymousRejections += 1
                }
            }
        }
        for runId in touchedRuns where mayComplete[runId] == true {
            if let completed = try completeIfDone(runId, at: time, in: db) {
                outcome.completedRuns.append(completed)
            }
        }
        return outcome
    }

    private static func open(_ opened: RunOpened, at time: String, in db: Database) throws {
        let paths = String(decoding: try JSONEncoder().encode(opened.paths), as: UTF8.self)
        try db.execute(
            sql: """
                INSERT INTO runs (id, tool, paths, rule_set_version, expected_specs, opened_at)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET tool = excluded.tool, paths = excluded.paths,
                  rule_set_version = excluded.rule_set_version, expected_specs = excluded.expected_specs
                """,
            arguments: [opened.runId, opened.tool, paths, opened.ruleSetVersion, opened.expectedSpecs, time])
    }

    /// Inserts the run if it is new, and returns whether it may complete: whether it expects a
    /// number of specs and has not completed yet. Runs that may not (every push client's) need
    /// no completion check after the batch.
    private static func ensureRun(_ runId: String, at time: String, in db: Database) throws -> Bool {
        if let mayComplete = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT expected_specs IS NOT NULL AND completed_at IS NULL FROM runs WHERE id = ?"),
            arguments: [runId])
        {
            return mayComplete
        }
        try db.cachedStatement(sql: "INSERT INTO runs (id, opened_at) VALUES (?, ?)").execute(arguments: [runId, time])
        return false
    }

    /// Inserts the spec row and returns its row id; for a spec already stored, counts the
    /// duplicate and returns `nil`.
    private static func insertSpec(
        runId: String, source: String, id: String, status: SpecStatus, feature: String?,
        origin: String?, dialect: String?, validator: String?, duration: Int?, at time: String,
        in db: Database
    ) throws -> Int64? {
        try db.cachedStatement(
            sql: """
                INSERT INTO specs (run_id, spec_source, spec_id, feature, origin, dialect, status,
                  validator, duration_micros, stored_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (spec_source, spec_id) DO NOTHING
                """
        ).execute(arguments: [runId, source, id, feature, origin, dialect, status.rawValue, validator, duration, time])
        if db.changesCount == 1 { return db.lastInsertedRowID }
        try db.cachedStatement(sql: "UPDATE specs SET duplicates = duplicates + 1 WHERE spec_source = ? AND spec_id = ?")
            .execute(arguments: [source, id])
        return nil
    }

    private static func store(_ result: SpecValidated, runId: String, at time: String, in db: Database) throws -> SpecPersisted {
        let row = try insertSpec(
            runId: runId, source: result.specSource, id: result.specId, status: .validated,
            feature: result.feature, origin: result.origin.rawValue, dialect: result.dialect.rawValue,
            validator: result.validator, duration: result.durationMicros, at: time, in: db)
        guard let row else {
            return try duplicateAck(runId: runId, source: result.specSource, id: result.specId, in: db)
        }
        let insertFinding = try db.cachedStatement(
            sql: """
                INSERT INTO findings (spec_row, run_id, rule_id, severity, message, file, line,
                  "column", end_line, end_column, pointer, fingerprint)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for finding in result.findings {
            try insertFinding.execute(
                arguments: [
                    row, runId, finding.ruleId, finding.severity.rawValue, finding.message,
                    finding.file, finding.line, finding.column, finding.endLine, finding.endColumn, finding.pointer,
                    finding.fingerprint,
                ])
        }
        return SpecPersisted(
            runId: runId, specId: result.specId, specSource: result.specSource, status: .validated, duplicate: false,
            feature: result.feature, findings: result.findings)
    }

    private static func store(_ rejection: SpecRejected, runId: String?, at time: String, in db: Database) throws -> SpecPersisted? {
        var duplicate = false
        if let runId, let source = rejection.specSource, let id = rejection.specId {
            duplicate = try insertSpec(
                runId: runId, source: source, id: id, status: .rejected, feature: nil, origin: nil,
                dialect: nil, validator: nil, duration: nil, at: time, in: db) == nil
        }
        if !duplicate {
            try db.execute(
                sql: """
                    INSERT INTO rejections (run_id, spec_source, spec_id, code, message, stage, excerpt, received_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    runId, rejection.specSource, rejection.specId, rejection.code, rejection.message,
                    rejection.stage.rawValue, rejection.excerpt, time,
                ])
        }
        guard let runId, let source = rejection.specSource, let id = rejection.specId else { return nil }
        if duplicate { return try duplicateAck(runId: runId, source: source, id: id, in: db) }
        return SpecPersisted(
            runId: runId, specId: id, specSource: source, status: .rejected, duplicate: false,
            code: rejection.code, message: rejection.message)
    }

    /// The ack of a copy of a spec stored before: the verdict of the stored copy.
    private static func duplicateAck(runId: String, source: String, id: String, in db: Database) throws -> SpecPersisted {
        var ack = SpecPersisted(runId: runId, specId: id, specSource: source, status: .rejected, duplicate: true)
        guard let spec = try Row.fetchOne(
            db, sql: "SELECT id, status, feature FROM specs WHERE spec_source = ? AND spec_id = ?", arguments: [source, id])
        else { return ack }
        if (spec["status"] as String) == SpecStatus.validated.rawValue {
            ack.status = .validated
            ack.feature = spec["feature"]
            ack.findings = try Row.fetchAll(
                db, sql: "SELECT \(findingColumns) FROM findings WHERE spec_row = ? ORDER BY \(findingOrder)",
                arguments: [spec["id"] as Int64]
            ).map(finding(from:))
        } else if let rejection = try Row.fetchOne(
            db, sql: "SELECT code, message FROM rejections WHERE spec_source = ? AND spec_id = ? ORDER BY id LIMIT 1",
            arguments: [source, id])
        {
            ack.code = rejection["code"]
            ack.message = rejection["message"]
        }
        return ack
    }

    private static func isCompleted(_ runId: String, in db: Database) throws -> Bool {
        let completedAt: String?? = try String?.fetchOne(db, sql: "SELECT completed_at FROM runs WHERE id = ?", arguments: [runId])
        return completedAt.flatMap { $0 } != nil
    }

    private static func completeIfDone(_ runId: String, at time: String, in db: Database) throws -> RunCompleted? {
        guard let run = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT expected_specs, completed_at FROM runs WHERE id = ?"), arguments: [runId]),
            let expected: Int = run["expected_specs"], (run["completed_at"] as String?) == nil
        else { return nil }
        let summary = try summary(of: runId, in: db)
        guard summary.specs >= expected else { return nil }
        try db.execute(sql: "UPDATE runs SET completed_at = ? WHERE id = ?", arguments: [time, runId])
        return RunCompleted(runId: runId, summary: summary)
    }

    // MARK: Reading

    /// The counts of a run.
    public func summary(ofRun runId: String) throws(RulebookError) -> RunSummary {
        try read { db in try Self.summary(of: runId, in: db) }
    }

    /// The findings of a run, sorted by file, line, column and rule.
    public func findings(ofRun runId: String) throws(RulebookError) -> [Finding] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT \(Self.findingColumns) FROM findings WHERE run_id = ? ORDER BY \(Self.findingOrder)",
                arguments: [runId]
            ).map(Self.finding(from:))
        }
    }

    /// The validated specs of a run as their validators reported them, findings in the
    /// validators' order.
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

    private static let findingColumns =
        #"rule_id, severity, message, file, line, "column", end_line, end_column, pointer, fingerprint"#
    /// The engine's order (`RuleEngine.isOrdered(_:before:)`).
    private static let findingOrder = #"file, line, "column", pointer, rule_id, end_line, end_column"#

    private static func finding(from row: Row) -> Finding {
        Finding(
            ruleId: row["rule_id"], severity: Severity(rawValue: row["severity"]) ?? .error,
            message: row["message"],
            location: SourceLocation(
                file: row["file"], line: row["line"], column: row["column"], endLine: row["end_line"],
                endColumn: row["end_column"], pointer: row["pointer"]),
            fingerprint: row["fingerprint"])
    }

    /// The rejections of a run.
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

    /// Whether the run has completed.
    public func isCompleted(run runId: String) throws(RulebookError) -> Bool {
        try read { db in try Self.isCompleted(runId, in: db) }
    }

    static func summary(of runId: String, in db: Database) throws -> RunSummary {
        var summary = RunSummary()
        for row in try Row.fetchAll(
            db, sql: "SELECT status, COUNT(*) AS n, SUM(duplicates) AS d FROM specs WHERE run_id = ? GROUP BY status",
            arguments: [runId])
        {
            let count: Int = row["n"]
            summary.specs += count
            summary.duplicates += (row["d"] as Int?) ?? 0
            if (row["status"] as String) == SpecStatus.validated.rawValue {
                summary.validated = count
            } else {
                summary.rejected = count
            }
        }
        for row in try Row.fetchAll(
            db, sql: "SELECT severity, COUNT(*) AS n FROM findings WHERE run_id = ? GROUP BY severity",
            arguments: [runId])
        {
            let count: Int = row["n"]
            switch Severity(rawValue: row["severity"]) {
            case .error: summary.errors = count
            case .warning: summary.warnings = count
            case .note: summary.notes = count
            case nil: break
            }
        }
        return summary
    }

    func read<T>(_ body: (Database) throws -> T) throws(RulebookError) -> T {
        do {
            return try pool.read(body)
        } catch {
            throw .storageFailed(String(describing: error))
        }
    }
}

/// A stored rejection.
public struct SpecRejectedRecord: Hashable, Sendable {
    public var specId: String?
    public var code: String
    public var message: String
    public var stage: String
}
