import Foundation
import PostgresNIO
import RulebookCore
import RulebookStore
import RulebookWire

/// Results and run history in PostgreSQL: one store that several persisters, and the
/// `rulebook check` and `rulebook report` of many machines, share. It stores and reads back
/// what ``SQLiteResultStore`` does, idempotent on the spec's `source` + `id`, so the same runs
/// give the same reports byte for byte from either store.
public final class PostgresResultStore: ResultStore {
    private let session: PostgresSession

    public var location: String { session.location.description }

    /// Connects to the database at `location` and migrates it as needed. Fails at once (RB300)
    /// when the server cannot be reached or refuses the credentials, or does not answer within
    /// `connectTimeout`.
    public init(location: PostgresLocation, connectTimeout: Duration? = nil) throws(RulebookError) {
        session = try PostgresSession(location: location, connectTimeout: connectTimeout)
        do {
            try PostgresSchema.migrate(session)
        } catch {
            let reason = error is NewerSchema ? "\(error)" : "migrating: \(PostgresFailure.describe(error))"
            throw .databaseUnavailable(path: location.description, reason: reason)
        }
    }

    /// The migrations applied to the database, oldest first.
    public func appliedMigrations() throws(RulebookError) -> [String] {
        try perform { _ in try PostgresSchema.applied(session) }
    }

    // MARK: Writing

    public func apply(_ commands: [StoreCommand], now: Date) throws(RulebookError) -> StoreOutcome {
        let time = Timestamp.string(from: now)
        return try transaction { transaction in
            try StoreBatch.apply(commands, at: time, in: PostgresStatements(transaction: transaction))
        }
    }

    public func recordHistory(_ history: RunHistory, ofRun runId: String) throws(RulebookError) {
        try transaction { transaction in
            let summary = try PostgresReads.summary(of: runId, in: transaction)
            let updated = try transaction.run(
                """
                UPDATE runs SET git_commit = \(history.gitCommit), config_hash = \(history.configHash),
                  source_root = \(history.sourceRoot), host = \(history.host), started_at = \(history.startedAt),
                  finished_at = \(history.finishedAt), duration_millis = \(history.durationMillis),
                  validators = \(history.validators), spec_count = \(summary.specs), validated_count = \(summary.validated),
                  rejected_count = \(summary.rejected), error_count = \(summary.errors), warning_count = \(summary.warnings),
                  note_count = \(summary.notes), duplicate_count = \(summary.duplicates)
                WHERE id = \(runId)
                """)
            guard updated.metadata.rows == 1 else { throw RulebookError.runNotFound(runId) }
            for (specId, files) in history.specFiles {
                try transaction.run(
                    """
                    UPDATE specs SET files = \(try StoredJSON.encode(files))
                    WHERE spec_source = \(history.specSource) AND spec_id = \(specId) AND run_id = \(runId)
                    """)
            }
        }
    }

    // MARK: Reading

    public func runs() throws(RulebookError) -> [StoredRun] {
        try transaction { transaction in
            try transaction.run("SELECT \(unescaped: Self.runColumns) FROM runs ORDER BY seq DESC").rows.map(Self.storedRun)
        }
    }

    public func run(id: String) throws(RulebookError) -> StoredRun? {
        try transaction { transaction in
            try transaction.run("SELECT \(unescaped: Self.runColumns) FROM runs WHERE id = \(id)").rows.first.map(Self.storedRun)
        }
    }

    public func summary(ofRun runId: String) throws(RulebookError) -> RunSummary {
        try transaction { transaction in try PostgresReads.summary(of: runId, in: transaction) }
    }

    public func findings(ofRun runId: String) throws(RulebookError) -> [Finding] {
        try transaction { transaction in
            try PostgresReads.findings(
                "SELECT \(unescaped: PostgresReads.findingColumns) FROM findings WHERE run_id = \(runId) ORDER BY \(unescaped: PostgresReads.findingOrder)",
                in: transaction)
        }
    }

    public func verdicts(ofRun runId: String) throws(RulebookError) -> [SpecValidated] {
        try transaction { transaction in
            var findings: [Int: [Finding]] = [:]
            for row in try transaction.run(
                "SELECT spec_row, \(unescaped: PostgresReads.findingColumns) FROM findings WHERE run_id = \(runId) ORDER BY id"
            ).rows {
                let cells = row.makeRandomAccess()
                findings[try cells[0].decode(Int.self), default: []].append(try PostgresReads.finding(cells, from: 1))
            }
            return try transaction.run(
                """
                SELECT id, spec_source, spec_id, feature, origin, dialect, validator, duration_micros
                FROM specs WHERE run_id = \(runId) AND status = \(SpecStatus.validated.rawValue) ORDER BY id
                """
            ).rows.compactMap { row -> SpecValidated? in
                let (id, source, specId, feature, origin, dialect, validator, duration) = try row.decode(
                    (Int, String, String, String?, String?, String?, String?, Int?).self)
                guard let origin = SpecOrigin(rawValue: origin ?? ""), let dialect = Dialect(rawValue: dialect ?? "") else { return nil }
                return SpecValidated(
                    specId: specId, specSource: source, feature: feature ?? "", origin: origin, dialect: dialect,
                    findings: findings[id] ?? [], validator: validator ?? "", durationMicros: duration ?? 0)
            }
        }
    }

    public func rejections(ofRun runId: String) throws(RulebookError) -> [SpecRejectedRecord] {
        try transaction { transaction in
            try transaction.run("SELECT spec_id, code, message, stage FROM rejections WHERE run_id = \(runId) ORDER BY id").rows.map {
                let (specId, code, message, stage) = try $0.decode((String?, String, String, String).self)
                return SpecRejectedRecord(specId: specId, code: code, message: message, stage: stage)
            }
        }
    }

    public func specs(ofRun runId: String) throws(RulebookError) -> [CheckedSpec] {
        try transaction { transaction in
            try transaction.run("SELECT spec_id, feature, status, files FROM specs WHERE run_id = \(runId) ORDER BY id").rows.map {
                let (specId, feature, status, files) = try $0.decode((String, String?, String, String?).self)
                return CheckedSpec(
                    specId: specId, feature: feature, status: SpecStatus(rawValue: status) ?? .rejected,
                    files: StoredJSON.decode(files))
            }
        }
    }

    public func isCompleted(run runId: String) throws(RulebookError) -> Bool {
        try transaction { transaction in try PostgresReads.isCompleted(runId, in: transaction) }
    }

    // MARK: Rows

    private static let runColumns = """
        id, tool, paths, rule_set_version, started_at, opened_at, finished_at, completed_at, duration_millis, validators,
        git_commit, config_hash, source_root, host, expected_specs
        """

    private static func storedRun(_ row: PostgresRow) throws -> StoredRun {
        let cells = row.makeRandomAccess()
        func text(_ name: String) throws -> String? { try cells[name].decode(String?.self) }
        func number(_ name: String) throws -> Int? { try cells[name].decode(Int?.self) }
        return StoredRun(
            id: try cells["id"].decode(String.self), tool: try text("tool"), paths: StoredJSON.decode(try text("paths")),
            ruleSetVersion: try text("rule_set_version"), startedAt: try text("started_at") ?? text("opened_at"),
            finishedAt: try text("finished_at") ?? text("completed_at"), durationMillis: try number("duration_millis"),
            validators: try number("validators"), gitCommit: try text("git_commit"), configHash: try text("config_hash"),
            sourceRoot: try text("source_root"), host: try text("host"), expectedSpecs: try number("expected_specs"),
            completedAt: try text("completed_at"))
    }

    // MARK: Errors

    /// Runs `body` in a transaction; errors other than Rulebook's become RB301.
    private func transaction<T>(_ body: (PostgresTransaction) throws -> T) throws(RulebookError) -> T {
        try perform { session in try session.transaction(body) }
    }

    private func perform<T>(_ body: (PostgresSession) throws -> T) throws(RulebookError) -> T {
        do {
            return try body(session)
        } catch let error as RulebookError {
            throw error
        } catch {
            throw .storageFailed(PostgresFailure.describe(error))
        }
    }
}
