import Foundation
import PostgresNIO
import RulebookCore
import RulebookStore
import RulebookWire

/// ``StoreStatements`` in PostgreSQL, inside one transaction. Every statement is a round
/// trip to the server, which costs more than the rows it writes: ``prepare(_:at:)`` writes the
/// batch's runs, specs and findings in three statements, in the batch's order, and
/// ``insertSpec(_:findings:at:)`` answers from what they wrote. Several persisters may write
/// at once: the specs' keys are locked first, in one order; inserts of the same run or spec
/// wait for each other and then do nothing (the unique keys decide); a run's completion is
/// checked with the run's row locked.
final class PostgresStatements: StoreStatements {
    let transaction: PostgresTransaction
    /// The specs ``prepare(_:at:)`` was given, and those it stored that no call has claimed yet.
    private var prepared: Set<SpecKey> = []
    private var storedUnclaimed: Set<SpecKey> = []

    init(transaction: PostgresTransaction) {
        self.transaction = transaction
    }

    func prepare(_ commands: [StoreCommand], at time: String) throws {
        let specs = commands.compactMap(\.spec)
        try lock(specs.map(\.row.key))
        var runs: [String] = []
        var seen: Set<String> = []
        for case let runId? in commands.map(\.runId) where seen.insert(runId).inserted { runs.append(runId) }
        if !runs.isEmpty {
            // In the order the batch touches them, as the runs' order (`seq`) is the order of history.
            try transaction.run(
                """
                INSERT INTO runs (id, opened_at)
                SELECT id, \(time) FROM unnest(\(runs)::text[]) WITH ORDINALITY AS run(id, ordinal) ORDER BY ordinal
                ON CONFLICT (id) DO NOTHING
                """)
        }
        prepared = Set(specs.map(\.row.key))
        storedUnclaimed = try PostgresBulkSpecs.insert(specs, at: time, in: transaction)
    }

    /// Takes a transaction-long advisory lock per spec key, in ascending order of the keys'
    /// hashes, in one statement: two writers storing overlapping batches (a spec resent to
    /// two persisters) then queue for the keys in the same order instead of each inserting a
    /// spec the other waits for.
    private func lock(_ keys: [SpecKey]) throws {
        guard !keys.isEmpty else { return }
        try transaction.run(
            """
            SELECT pg_advisory_xact_lock(hash) FROM (
              SELECT DISTINCT hashtextextended(source || chr(31) || id, 0) AS hash
              FROM unnest(\(keys.map(\.source))::text[], \(keys.map(\.id))::text[]) AS key(source, id)
              ORDER BY hash
            ) AS sorted
            """)
    }

    func isCompleted(_ runId: String) throws -> Bool {
        try PostgresReads.isCompleted(runId, in: transaction)
    }

    func summary(of runId: String) throws -> RunSummary {
        try PostgresReads.summary(of: runId, in: transaction)
    }

    func open(_ opened: RunOpened, at time: String) throws {
        let paths = try StoredJSON.encode(opened.paths)
        try transaction.run(
            """
            INSERT INTO runs (id, tool, paths, rule_set_version, expected_specs, opened_at)
            VALUES (\(opened.runId), \(opened.tool), \(paths), \(opened.ruleSetVersion), \(opened.expectedSpecs), \(time))
            ON CONFLICT (id) DO UPDATE SET tool = excluded.tool, paths = excluded.paths,
              rule_set_version = excluded.rule_set_version, expected_specs = excluded.expected_specs
            """)
    }

    func ensureRun(_ runId: String, at time: String) throws -> Bool {
        let query: PostgresQuery = "SELECT expected_specs IS NOT NULL AND completed_at IS NULL FROM runs WHERE id = \(runId)"
        if let row = try transaction.run(query).rows.first { return try row.decode(Bool.self) }
        let inserted = try transaction.run(
            "INSERT INTO runs (id, opened_at) VALUES (\(runId), \(time)) ON CONFLICT (id) DO NOTHING RETURNING id")
        if !inserted.rows.isEmpty { return false }
        // Another writer stored the run meanwhile (the insert waited for it): read what it stored.
        return try transaction.run(query).rows.first?.decode(Bool.self) ?? false
    }

    /// Answered from what ``prepare(_:at:)`` stored: the first call for a spec it stored
    /// gets `true`, any other `false`. A spec it was not given is stored on its own.
    func insertSpec(_ spec: SpecRow, findings: [Finding], at time: String) throws -> Bool {
        guard prepared.contains(spec.key) else {
            return try !PostgresBulkSpecs.insert([(spec, findings)], at: time, in: transaction).isEmpty
        }
        return storedUnclaimed.remove(spec.key) != nil
    }

    func countDuplicate(source: String, id: String) throws {
        try transaction.run("UPDATE specs SET duplicates = duplicates + 1 WHERE spec_source = \(source) AND spec_id = \(id)")
    }

    func insertRejection(_ rejection: SpecRejected, runId: String?, at time: String) throws {
        try transaction.run(
            """
            INSERT INTO rejections (run_id, spec_source, spec_id, code, message, stage, excerpt, received_at)
            VALUES (\(runId), \(rejection.specSource), \(rejection.specId), \(rejection.code), \(rejection.message),
              \(rejection.stage.rawValue), \(rejection.excerpt), \(time))
            """)
    }

    func storedVerdict(source: String, id: String) throws -> StoredVerdict? {
        guard let spec = try transaction.run(
            "SELECT id, status, feature FROM specs WHERE spec_source = \(source) AND spec_id = \(id)"
        ).rows.first
        else { return nil }
        let (row, status, feature) = try spec.decode((Int64, String, String?).self)
        if status == SpecStatus.validated.rawValue {
            let findings = try PostgresReads.findings(
                "SELECT \(unescaped: PostgresReads.findingColumns) FROM findings WHERE spec_row = \(row) ORDER BY \(unescaped: PostgresReads.findingOrder)",
                in: transaction)
            return StoredVerdict(status: .validated, feature: feature, findings: findings, code: nil, message: nil)
        }
        let rejection = try transaction.run(
            "SELECT code, message FROM rejections WHERE spec_source = \(source) AND spec_id = \(id) ORDER BY id LIMIT 1"
        ).rows.first?.decode((String, String).self)
        return StoredVerdict(status: .rejected, feature: nil, findings: nil, code: rejection?.0, message: rejection?.1)
    }

    /// Locks the run's row: another persister completing the same run waits here until this
    /// transaction ends, then counts the specs this one stored. `NO KEY UPDATE`, which the
    /// key-share locks that storing a spec of the run takes (its foreign key) do not block:
    /// `FOR UPDATE` would wait for a writer that itself waits here, a deadlock.
    func expectedSpecsOfIncompleteRun(_ runId: String) throws -> Int? {
        guard let row = try transaction.run(
            "SELECT expected_specs, completed_at IS NULL FROM runs WHERE id = \(runId) FOR NO KEY UPDATE"
        ).rows.first
        else { return nil }
        let (expected, incomplete) = try row.decode((Int?, Bool).self)
        return incomplete ? expected : nil
    }

    func markCompleted(_ runId: String, at time: String) throws {
        try transaction.run("UPDATE runs SET completed_at = \(time) WHERE id = \(runId)")
    }
}
