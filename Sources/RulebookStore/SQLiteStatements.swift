import Foundation
import GRDB
import RulebookCore
import RulebookWire

/// ``StoreStatements`` in SQLite, on the connection of a write transaction. Statements run
/// for every spec are cached (prepared once per connection).
struct SQLiteStatements: StoreStatements {
    let db: Database

    /// A SQLite write transaction is the only writer (`BEGIN IMMEDIATE`): nothing to lock.
    func prepare(_ commands: [StoreCommand], at time: String) throws {}

    func isCompleted(_ runId: String) throws -> Bool {
        try SQLiteResultStore.isCompleted(runId, in: db)
    }

    func summary(of runId: String) throws -> RunSummary {
        try SQLiteResultStore.summary(of: runId, in: db)
    }

    func open(_ opened: RunOpened, at time: String) throws {
        try db.execute(
            sql: """
                INSERT INTO runs (id, tool, paths, rule_set_version, expected_specs, opened_at)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET tool = excluded.tool, paths = excluded.paths,
                  rule_set_version = excluded.rule_set_version, expected_specs = excluded.expected_specs
                """,
            arguments: [opened.runId, opened.tool, try StoredJSON.encode(opened.paths), opened.ruleSetVersion, opened.expectedSpecs, time])
    }

    func ensureRun(_ runId: String, at time: String) throws -> Bool {
        if let mayComplete = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT expected_specs IS NOT NULL AND completed_at IS NULL FROM runs WHERE id = ?"),
            arguments: [runId])
        {
            return mayComplete
        }
        try db.cachedStatement(sql: "INSERT INTO runs (id, opened_at) VALUES (?, ?)").execute(arguments: [runId, time])
        return false
    }

    func insertSpec(_ spec: SpecRow, findings: [Finding], at time: String) throws -> Bool {
        try db.cachedStatement(
            sql: """
                INSERT INTO specs (run_id, spec_source, spec_id, feature, origin, dialect, status,
                  validator, duration_micros, stored_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (spec_source, spec_id) DO NOTHING
                """
        ).execute(arguments: [
            spec.runId, spec.source, spec.id, spec.feature, spec.origin, spec.dialect, spec.status.rawValue,
            spec.validator, spec.durationMicros, time,
        ])
        guard db.changesCount == 1 else { return false }
        let row = db.lastInsertedRowID
        guard !findings.isEmpty else { return true }
        let insertFinding = try db.cachedStatement(
            sql: """
                INSERT INTO findings (spec_row, run_id, rule_id, severity, message, file, line,
                  "column", end_line, end_column, pointer, fingerprint, fix)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for finding in findings {
            try insertFinding.execute(
                arguments: [
                    row, spec.runId, finding.ruleId, finding.severity.rawValue, finding.message,
                    finding.file, finding.line, finding.column, finding.endLine, finding.endColumn, finding.pointer,
                    finding.fingerprint, StoredJSON.encode(finding.fix),
                ])
        }
        return true
    }

    func countDuplicate(source: String, id: String) throws {
        try db.cachedStatement(sql: "UPDATE specs SET duplicates = duplicates + 1 WHERE spec_source = ? AND spec_id = ?")
            .execute(arguments: [source, id])
    }

    func insertRejection(_ rejection: SpecRejected, runId: String?, at time: String) throws {
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

    func storedVerdict(source: String, id: String) throws -> StoredVerdict? {
        guard let spec = try Row.fetchOne(
            db, sql: "SELECT id, status, feature FROM specs WHERE spec_source = ? AND spec_id = ?", arguments: [source, id])
        else { return nil }
        if (spec["status"] as String) == SpecStatus.validated.rawValue {
            let findings = try Row.fetchAll(
                db,
                sql: "SELECT \(SQLiteResultStore.findingColumns) FROM findings WHERE spec_row = ? ORDER BY \(SQLiteResultStore.findingOrder)",
                arguments: [spec["id"] as Int64]
            ).map(SQLiteResultStore.finding(from:))
            return StoredVerdict(status: .validated, feature: spec["feature"], findings: findings, code: nil, message: nil)
        }
        let rejection = try Row.fetchOne(
            db, sql: "SELECT code, message FROM rejections WHERE spec_source = ? AND spec_id = ? ORDER BY id LIMIT 1",
            arguments: [source, id])
        return StoredVerdict(status: .rejected, feature: nil, findings: nil, code: rejection?["code"], message: rejection?["message"])
    }

    /// The only writer needs no lock (see ``prepare(_:at:)``).
    func expectedSpecsOfIncompleteRun(_ runId: String) throws -> Int? {
        guard let run = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT expected_specs, completed_at FROM runs WHERE id = ?"), arguments: [runId]),
            (run["completed_at"] as String?) == nil
        else { return nil }
        return run["expected_specs"]
    }

    func markCompleted(_ runId: String, at time: String) throws {
        try db.execute(sql: "UPDATE runs SET completed_at = ? WHERE id = ?", arguments: [time, runId])
    }
}
