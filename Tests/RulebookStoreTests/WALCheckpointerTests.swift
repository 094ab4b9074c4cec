import Foundation
import GRDB
import RulebookCore
import RulebookStore
import Testing

/// The persister's store leaves checkpoints to the checkpointer thread, but for the commit
/// that lets a full log start over.
struct WALCheckpointerTests {
    /// Frames in the WAL file, from its size: a 32-byte file header, then per frame a
    /// 24-byte header and a 4,096-byte page.
    static func walFrames(_ path: String) -> Int {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        return max(0, (size - 32) / (24 + 4_096))
    }

    static func fill(_ store: SQLiteResultStore, specs: Int, from first: Int = 0) throws {
        for batch in stride(from: first, to: first + specs, by: 50) {
            _ = try store.apply((batch..<(batch + 50)).map { .validated(runId: "r", ResultStoreTests.validated("s\($0)")) })
        }
    }

    @Test func commitsLeaveTheLogToTheCheckpointerBelowItsLimit() throws {
        let path = ResultStoreTests.temporaryDatabase()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try SQLiteResultStore(path: path, checkpointing: .background)
        try Self.fill(store, specs: 6_000)
        // Past SQLite's automatic limit of 1,000 pages, the log kept growing: no commit copied it.
        #expect(Self.walFrames(path) > 1_000)
        #expect(Self.walFrames(path) < WALCheckpointing.frameLimit)
    }

    @Test func theLogStaysBoundedUnderSteadyCommitsWhileTheCheckpointerRuns() throws {
        let path = ResultStoreTests.temporaryDatabase()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try SQLiteResultStore(path: path, checkpointing: .background)
        let checkpointer = try WALCheckpointer(path: path, interval: .milliseconds(20))
        defer { checkpointer.stop() }
        // One spec per commit, back to back, as the persister stores them at low load: the
        // thread never finds the log fully copied when a transaction begins, so only the
        // writer's own checkpoint at the limit lets it start over. Written in all: well over
        // twice the limit.
        var written = 0
        var spec = 0
        while written < 3 * WALCheckpointing.frameLimit {
            let before = Self.walFrames(path)
            _ = try store.apply([.validated(runId: "r", ResultStoreTests.validated("s\(spec)"))])
            spec += 1
            written += max(Self.walFrames(path) - before, 1)
        }
        #expect(checkpointer.checkpoints > 0)
        // The file keeps its largest size: the limit plus the commits that found the thread
        // checkpointing (more of them when the machine is busy and the thread is slow), far
        // below the three limits' worth written: without the bound it would hold them all.
        #expect(Self.walFrames(path) <= WALCheckpointing.frameLimit + WALCheckpointing.frameLimit / 2)
        #expect(try store.specs(ofRun: "r").count == spec)
    }

    @Test func theCheckpointerCopiesTheLogIntoTheDatabase() throws {
        let path = ResultStoreTests.temporaryDatabase()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try SQLiteResultStore(path: path, checkpointing: .background)
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
