import Foundation
import GRDB
import RulebookCore
import RulebookStore
import RulebookWire
import Testing

struct RunRetentionTests {
    /// Opens run `id` expecting one spec and stores it (with a finding and a rejection of its own).
    private static func complete(_ id: String, in store: SQLiteResultStore) throws -> StoreOutcome {
        let rejection = SpecRejected(specId: "bad-\(id)", specSource: "tests", error: .invalidEventData("x"), stage: .validator)
        return try store.apply([
            .openRun(RunOpened(runId: id, expectedSpecs: 2, tool: "t", paths: [])),
            .validated(runId: id, ResultStoreTests.validated("spec-\(id)", findings: [ResultStoreTests.error])),
            .rejected(runId: id, rejection),
        ])
    }

    private static func rows(in path: String) throws -> [String: Int] {
        try DatabaseQueue(path: path).read { db in
            try Dictionary(uniqueKeysWithValues: ["runs", "specs", "findings", "rejections"].map { table in
                (table, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? -1)
            })
        }
    }

    @Test func onlyTheLatestCompletedRunsAreKeptWithTheirResults() throws {
        let path = ResultStoreTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteResultStore(path: path, retention: .latest(2))
        // A run under way is never deleted, however many complete after it.
        _ = try store.apply([.openRun(RunOpened(runId: "open", expectedSpecs: 5, tool: "t", paths: []))])
        for index in 1...5 {
            #expect(try Self.complete("r\(index)", in: store).completedRuns.map(\.runId) == ["r\(index)"])
        }
        #expect(try store.runs().map(\.id).sorted() == ["open", "r4", "r5"])
        #expect(try Self.rows(in: path) == ["runs": 3, "specs": 4, "findings": 2, "rejections": 2])
        #expect(try store.findings(ofRun: "r5") == [ResultStoreTests.error])
        #expect(try store.findings(ofRun: "r1").isEmpty && store.run(id: "r1") == nil)
    }

    @Test func everyRunIsKeptByDefault() throws {
        let path = ResultStoreTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteResultStore(path: path)
        for index in 1...5 { _ = try Self.complete("r\(index)", in: store) }
        #expect(try Self.rows(in: path) == ["runs": 5, "specs": 10, "findings": 5, "rejections": 5])
    }
}
