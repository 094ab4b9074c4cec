import Foundation
import GRDB
import RulebookCore
import RulebookWire
import Testing

@testable import RulebookStore

struct StoreHistoryTests {
    static func history(files: [String: [String]] = [:]) -> RunHistory {
        RunHistory(
            gitCommit: "2691965e4d378d36c68bf2918de8e83ee3da875f", configHash: "f009cbd05c87d8f3", sourceRoot: "/repo",
            host: "ci", startedAt: "2026-11-21T20:57:36.123Z", finishedAt: "2026-11-21T20:57:36.535Z", durationMillis: 412,
            validators: 2, specSource: "tests", specFiles: files)
    }

    /// The history counts of a run: specs, validated, rejected, errors, warnings, notes, duplicates.
    static func counts(ofRun id: String, in path: String) throws -> [Int?] {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            let row = try #require(try Row.fetchOne(db, sql: """
                SELECT spec_count, validated_count, rejected_count, error_count, warning_count, note_count, duplicate_count
                FROM runs WHERE id = ?
                """, arguments: [id]))
            return (0..<row.count).map { row[$0] as Int? }
        }
    }

    static func columns(of table: String, in path: String) throws -> Set<String> {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in Set(try db.columns(in: table).map(\.name)) }
    }

    @Test func emptyFileMigratesToTheLatestSchema() throws {
        let path = ResultStoreTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try SQLiteResultStore(path: path)
        let queue = try DatabaseQueue(path: path)
        let applied = try queue.read { db in try StoreSchema.migrator.appliedIdentifiers(db) }
        #expect(applied == [StoreSchema.v1, StoreSchema.v2, StoreSchema.v3, StoreSchema.v4, StoreSchema.v5])
        #expect(try Self.columns(of: "findings", in: path).isSuperset(of: ["end_line", "end_column", "fix"]))
        #expect(try Self.columns(of: "runs", in: path).isSuperset(of: ["git_commit", "config_hash", "started_at", "finished_at", "duration_millis", "error_count"]))
        #expect(try Self.columns(of: "specs", in: path).contains("files"))
    }

    /// A duplicate's ack reads the stored copy's findings or rejection: by index, not by
    /// scanning tables that grow with every spec.
    @Test(arguments: [
        ("SELECT * FROM findings WHERE spec_row = 1", "findings_by_spec"),
        ("SELECT code, message FROM rejections WHERE spec_source = 's' AND spec_id = '1'", "rejections_by_spec"),
        ("SELECT id FROM specs WHERE spec_source = 's' AND spec_id = '1'", "sqlite_autoindex_specs_1"),
    ])
    func duplicateLookupsUseAnIndex(query: String, index: String) throws {
        let path = ResultStoreTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try SQLiteResultStore(path: path)
        let plan = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query).map { $0["detail"] as String }.joined(separator: "; ")
        }
        #expect(plan.contains("USING INDEX \(index)") || plan.contains("USING COVERING INDEX \(index)"), "\(plan)")
    }

    @Test func databaseWithOnlyTheV1SchemaMigratesAndKeepsItsRuns() throws {
        let path = ResultStoreTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A database as the first release left it: the v1 migration only, with one run stored.
        let queue = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(queue, upTo: StoreSchema.v1)
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO runs (id, tool, paths, rule_set_version, expected_specs, opened_at, completed_at)
                VALUES ('old', 'rulebook check', '["Examples"]', '2026.10.0', 2, '2026-10-01T10:00:00.000Z', '2026-10-01T10:00:01.000Z');
                INSERT INTO specs (run_id, spec_source, spec_id, feature, status, stored_at, duplicates)
                VALUES ('old', 's', '1', 'Card', 'validated', '2026-10-01T10:00:00.500Z', 1),
                       ('old', 's', '2', NULL, 'rejected', '2026-10-01T10:00:00.600Z', 0);
                INSERT INTO findings (spec_row, run_id, rule_id, severity, message, file, line, "column", fingerprint)
                VALUES (1, 'old', 'state-animation-value', 'error', 'm', 'Card.swift', 3, 9, 'aa'),
                       (1, 'old', 'view-animation-from-store', 'warning', 'w', 'Card.swift', 5, 1, 'bb');
                """)
        }
        #expect(try Self.columns(of: "runs", in: path).contains("git_commit") == false)

        let store = try SQLiteResultStore(path: path)
        let old = try #require(try store.run(id: "old"))
        #expect(old.tool == "rulebook check" && old.paths == ["Examples"] && old.ruleSetVersion == "2026.10.0")
        #expect(old.startedAt == "2026-10-01T10:00:00.000Z" && old.finishedAt == "2026-10-01T10:00:01.000Z")
        #expect(old.gitCommit == nil && old.durationMillis == nil)
        #expect(try Self.counts(ofRun: "old", in: path) == [2, 1, 1, 1, 1, 0, 1])
        #expect(try store.specs(ofRun: "old") == [
            CheckedSpec(specId: "1", feature: "Card", status: .validated, files: []),
            CheckedSpec(specId: "2", feature: nil, status: .rejected, files: []),
        ])
        #expect(try store.findings(ofRun: "old").map(\.fingerprint) == ["aa", "bb"])
    }

    /// Findings stored before findings had ends read back without them, beside new ones
    /// with theirs, in the engine's order.
    @Test func findingsStoredWithoutEndsStayValidAfterTheMigration() throws {
        let path = ResultStoreTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let queue = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(queue, upTo: StoreSchema.v3)
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO runs (id, tool) VALUES ('old', 'rulebook check');
                INSERT INTO specs (run_id, spec_source, spec_id, feature, status, stored_at, duplicates)
                VALUES ('old', 's', '1', 'Card', 'validated', '2026-10-01T10:00:00.500Z', 0);
                INSERT INTO findings (spec_row, run_id, rule_id, severity, message, file, line, "column", fingerprint)
                VALUES (1, 'old', 'state-animation-value', 'error', 'm', 'A.swift', 3, 9, 'aa');
                """)
        }
        let store = try SQLiteResultStore(path: path)
        let old = try store.findings(ofRun: "old")
        #expect(old.map(\.line) == [3] && old.map(\.endLine) == [nil] && old.map(\.endColumn) == [nil])
        let wide = Finding(
            ruleId: "state-animation-value", severity: .error, message: "m",
            location: SourceLocation(file: "A.swift", line: 3, column: 9, endLine: 5, endColumn: 2), fingerprint: "aa")
        _ = try store.apply([
            .validated(runId: "new", ResultStoreTests.validated("2", findings: [wide, ResultStoreTests.error, ResultStoreTests.note]))
        ])
        #expect(try store.findings(ofRun: "new") == [ResultStoreTests.note, ResultStoreTests.error, wide])
    }

    @Test func recordedHistoryReadsBackWithCountsAndSpecFiles() throws {
        let path = ResultStoreTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteResultStore(path: path)
        _ = try store.apply([
            .openRun(RunOpened(runId: "r", expectedSpecs: 2, tool: "rulebook check", paths: ["Features"])),
            .validated(runId: "r", ResultStoreTests.validated("1", findings: [ResultStoreTests.error, ResultStoreTests.note])),
            .validated(runId: "r", ResultStoreTests.validated("2")),
        ])
        try store.recordHistory(Self.history(files: ["1": ["A.swift", "B.swift"], "2": ["C.swift"]]), ofRun: "r")
        let run = try #require(try store.run(id: "r"))
        #expect(run.gitCommit == "2691965e4d378d36c68bf2918de8e83ee3da875f" && run.configHash == "f009cbd05c87d8f3")
        #expect(run.sourceRoot == "/repo" && run.host == "ci" && run.validators == 2 && run.durationMillis == 412)
        #expect(run.startedAt == "2026-11-21T20:57:36.123Z" && run.finishedAt == "2026-11-21T20:57:36.535Z")
        #expect(try Self.counts(ofRun: "r", in: path) == [2, 2, 0, 1, 0, 1, 0])
        #expect(try store.specs(ofRun: "r").map(\.files) == [["A.swift", "B.swift"], ["C.swift"]])
    }

    @Test func runsAreListedNewestFirstAndUnknownRunsCannotBeRecorded() throws {
        let path = ResultStoreTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteResultStore(path: path)
        for id in ["first", "second", "third"] {
            _ = try store.apply([.openRun(RunOpened(runId: id, expectedSpecs: 0, tool: "t", paths: []))])
        }
        #expect(try store.runs().map(\.id) == ["third", "second", "first"])
        #expect(throws: RulebookError.runNotFound("missing")) { try store.recordHistory(Self.history(), ofRun: "missing") }
    }
}
