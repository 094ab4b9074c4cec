import Foundation
import RulebookCore
import RulebookStore
import Testing

@testable import RulebookPostgresStore
import RulebookWire

/// One PostgreSQL database shared by several writers, as by several persisters: migrated once,
/// each spec stored once whichever writer got it and however often, each run completed once.
@Suite(.enabled(if: TestPostgres.url != nil, TestPostgres.missing))
struct SharedStoreTests {
    @Test func aNewDatabaseIsMigratedOnceEvenByWritersStartingTogether() async throws {
        let database = try TestPostgres.Database()
        defer { database.drop() }
        // Four stores opening the empty database at once: one migrates, the others wait for it.
        let opened = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 { group.addTask { try database.store().appliedMigrations() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(opened == Array(repeating: [PostgresSchema.v1, PostgresSchema.v2], count: 4))
        // Opening it again changes nothing.
        #expect(try database.store().appliedMigrations() == [PostgresSchema.v1, PostgresSchema.v2])
        let tables = try TestPostgres.query(
            "SELECT string_agg(table_name, ',' ORDER BY table_name) FROM information_schema.tables WHERE table_schema = 'public'",
            on: database.location)
        #expect(tables == ["findings,rejections,rulebook_migrations,runs,specs"])
    }

    @Test func twoWritersStoreEachSpecOnceAndCompleteTheRunOnce() async throws {
        let database = try TestPostgres.Database()
        defer { database.drop() }
        let specs = 400
        let first = try database.store()
        let second = try database.store()
        _ = try first.apply([.openRun(RunOpened(runId: "shared", expectedSpecs: specs, tool: "t", paths: []))])
        // Each writer gets every spec, in batches, in a different order: every spec arrives
        // twice, at two writers, often at the same moment.
        let finding = Finding(
            ruleId: "state-must-be-struct", severity: .error, message: "m",
            location: SourceLocation(file: "A.swift", line: 1, column: 1), fingerprint: "f")
        func batches(reversed: Bool) -> [[StoreCommand]] {
            let ids = reversed ? Array((0..<specs).reversed()) : Array(0..<specs)
            return stride(from: 0, to: specs, by: 16).map { start in
                ids[start..<min(start + 16, specs)].map { id in
                    .validated(
                        runId: "shared",
                        SpecValidated(
                            specId: "\(id)", specSource: "client", feature: "F", origin: .declared, dialect: .modern,
                            findings: [finding], validator: "v", durationMicros: 1))
                }
            }
        }
        let outcomes = try await withThrowingTaskGroup(of: [StoreOutcome].self) { group in
            for (store, reversed) in [(first, false), (second, true)] {
                group.addTask { try batches(reversed: reversed).map { try store.apply($0) } }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let acks = outcomes.flatMap(\.acks)
        #expect(acks.count == 2 * specs)
        #expect(acks.filter { !$0.duplicate }.count == specs)
        #expect(Set(acks.filter { !$0.duplicate }.map(\.specId)).count == specs)
        // A copy's ack carries the stored verdict, whoever stored it.
        #expect(acks.allSatisfy { $0.status == .validated && $0.findings == [finding] })
        #expect(outcomes.flatMap(\.completedRuns).map(\.runId) == ["shared"])
        let summary = try first.summary(ofRun: "shared")
        #expect(summary == RunSummary(specs: specs, validated: specs, rejected: 0, errors: specs, warnings: 0, notes: 0, duplicates: specs))
        #expect(try second.isCompleted(run: "shared"))
    }

    @Test func aWriterWhoseConnectionWasCutReconnects() throws {
        let database = try TestPostgres.Database()
        defer { database.drop() }
        let store = try database.store()
        _ = try store.apply([.openRun(RunOpened(runId: "r", expectedSpecs: 2, tool: "t", paths: []))])
        // The server ends every session of the database, as a restart would.
        try TestPostgres.admin(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database.name)' AND pid <> pg_backend_pid()")
        let spec = SpecValidated(
            specId: "1", specSource: "s", feature: "F", origin: .declared, dialect: .modern, findings: [], validator: "v",
            durationMicros: 1)
        #expect(try store.apply([.validated(runId: "r", spec)]).acks.map(\.duplicate) == [false])
        #expect(try store.summary(ofRun: "r").specs == 1)
    }
}
