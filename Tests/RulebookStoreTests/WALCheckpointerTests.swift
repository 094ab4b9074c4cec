import Foundation
import GRDB
import RulebookCore
import RulebookStore
import Testing

/// The persister's store never checkpoints inside a commit; the checkpointer thread does.
struct WALCheckpointerTests {
    /// Frames in the WAL file, from its size: a 32-byte file header, then per frame a
    /// 24-byte header and a 4,096-byte page.
    static func walFrames(_ path: String) -> Int {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        return max(0, (size - 32) / (24 + 4_096))
    }

    static func fill(_ store: ResultStore, specs: Int, from first: Int = 0) throws {
        for batch in stride(from: first, to: first + specs, by: 50) {
            _ = try store.apply((batch..<(batch + 50)).map { .validated(runId: "r", ResultStoreTests.validated("s\($0)")) })
        }
    }

    @Test func commitsDoNotCheckpointWhenAutomaticCheckpointsAreOff() throws {
        let path = ResultStoreTests.temporaryDatabase()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try ResultStore(path: path, automaticCheckpoints: false)
        try Self.fill(store, specs: 6_000)
        // Past SQLite's automatic limit of 1,000 pages, the log kept growing: no commit copied it.
        #expect(Self.walFrames(path) > 1_000)
    }

    @Test func theCheckpointerCopiesTheLogIntoTheDatabase() throws {
        let path = ResultStoreTests.temporaryDatabase()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try ResultStore(path: path, automaticCheckpoints: false)
        try Self.fill(store, specs: 3_000)
        let databaseBefore = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let checkpointer = try WALCheckpointer(path: path, interval: .milliseconds(20))
        let deadline = Date().addingTimeInterval(10)
        while checkpointer.checkpoints < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        checkpointer.stop()
        #expect(checkpointer.checkpoints >= 2)
        #expect(checkpointer.lastError == nil)
        // The database file grew by the pages the log held.
        let databaseAfter = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(databaseAfter > databaseBefore)
        // And the next commit starts the log over instead of growing it.
        let walBefore = Self.walFrames(path)
        try Self.fill(store, specs: 50, from: 3_000)
        #expect(Self.walFrames(path) <= walBefore)
        #expect(try store.specs(ofRun: "r").count == 3_050)
    }
}
