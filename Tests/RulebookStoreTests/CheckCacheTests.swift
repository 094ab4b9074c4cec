import Foundation
import GRDB
import RulebookStore
import Testing

/// The check cache answers only the exact question it was given an answer for, and a damaged
/// or full cache costs speed, never a wrong answer.
struct CheckCacheTests {
    private static func folder() -> String {
        NSTemporaryDirectory() + "rulebook-cache-tests-" + UUID().uuidString
    }

    private let question: [UInt8] = Array("struct State {}".utf8)
    private let answer: [UInt8] = Array("{\"facts\":1}".utf8)

    @Test func aStoredAnswerIsFoundByItsQuestionOnly() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try CheckCache(folder: folder, identity: "build-1")
        #expect(cache.isEmpty)
        cache.store([(question, answer)], in: .fileIndex)
        #expect(!cache.isEmpty)
        #expect(cache.values(in: .fileIndex, for: [question]) == [answer])
        #expect(cache.values(in: .fileIndex, for: [question + [0x20]]) == [nil])
        #expect(cache.values(in: .verdict, for: [question]) == [nil], "sections never answer for each other")
        let otherBuild = try CheckCache(folder: folder, identity: "build-2")
        #expect(otherBuild.values(in: .fileIndex, for: [question]) == [nil], "another build's answers are never used")
        let reopened = try CheckCache(folder: folder, identity: "build-1")
        #expect(reopened.values(in: .fileIndex, for: [question, []]) == [answer, nil], "answers outlive the process")
    }

    @Test func anAnswerChangedBehindTheCachesBackIsAMiss() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try CheckCache(folder: folder, identity: "build-1")
        cache.store([(question, answer)], in: .verdict)
        let database = try DatabaseQueue(path: cache.path)
        try database.write { db in try db.execute(sql: "UPDATE entries SET value = ?", arguments: [Data("{\"facts\":2}".utf8)]) }
        try database.close()
        #expect(cache.values(in: .verdict, for: [question]) == [nil])
    }

    @Test func aFileThatIsNotACacheIsReplaced() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + CheckCache.fileName
        try Data(repeating: 0x41, count: 8_192).write(to: URL(fileURLWithPath: path))
        let cache = try CheckCache(folder: folder, identity: "build-1")
        #expect(cache.values(in: .fileIndex, for: [question]) == [nil])
        cache.store([(question, answer)], in: .fileIndex)
        #expect(cache.values(in: .fileIndex, for: [question]) == [answer])
    }

    @Test func aFileDamagedPastItsHeaderEmptiesTheCacheInsteadOfFailing() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path: String
        do {
            let cache = try CheckCache(folder: folder, identity: "build-1")
            cache.store((0..<200).map { (Array("question \($0)".utf8), [UInt8](repeating: 7, count: 4_000)) }, in: .verdict)
            path = cache.path
        }
        // Closed, so its pages are all in the main file. Overwrite the table's pages (the
        // schema on the first page still reads, so opening succeeds and reading fails).
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: 3 * 4_096)
        try handle.write(contentsOf: Data(repeating: 0x5a, count: 64 * 4_096))
        try handle.close()
        let cache = try CheckCache(folder: folder, identity: "build-1")
        let found = cache.values(in: .verdict, for: [Array("question 1".utf8), Array("question 150".utf8)])
        #expect(found.allSatisfy { $0 == nil })
        cache.store([(question, answer)], in: .verdict)
        #expect(cache.values(in: .verdict, for: [question]) == [answer], "the cache is rebuilt and keeps working")
    }

    @Test func theEntriesUsedLongestAgoMakeRoomForNewOnes() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try CheckCache(folder: folder, identity: "b", maximumBytes: 100_000)
        let value = [UInt8](repeating: 1, count: 10_000)
        let start = Date(timeIntervalSince1970: 1_000_000)
        for index in 0..<8 {
            cache.store([(Array("q\(index)".utf8), value)], in: .verdict, now: start.addingTimeInterval(Double(index)))
        }
        // Using q0 makes it recent: q1, q2 … are now the oldest.
        #expect(cache.values(in: .verdict, for: [Array("q0".utf8)], now: start.addingTimeInterval(100)) == [value])
        for index in 8..<12 {
            cache.store([(Array("q\(index)".utf8), value)], in: .verdict, now: start.addingTimeInterval(Double(100 + index)))
        }
        let kept = cache.values(in: .verdict, for: (0..<12).map { Array("q\($0)".utf8) }).map { $0 != nil }
        #expect(kept[0], "a recently used entry stays")
        #expect(!kept[1] && !kept[2], "the least recently used go first")
        #expect(kept[11], "the newest entry stays")
        let database = try DatabaseQueue(path: cache.path)
        let size = try database.read { db in try Int.fetchOne(db, sql: "SELECT sum(size) FROM entries") } ?? 0
        try database.close()
        #expect(size <= 100_000)
    }

    @Test func twoCachesOnOneFileWorkSideBySide() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try CheckCache(folder: folder, identity: "b")
        let second = try CheckCache(folder: folder, identity: "b")
        await withTaskGroup(of: Void.self) { group in
            for (index, cache) in [first, second].enumerated() {
                group.addTask {
                    for round in 0..<50 {
                        cache.store([(Array("w\(index)-\(round)".utf8), [UInt8(round)])], in: .fileIndex)
                        _ = cache.values(in: .fileIndex, for: [Array("w\(1 - index)-\(round)".utf8)])
                    }
                }
            }
        }
        let all = (0..<2).flatMap { index in (0..<50).map { Array("w\(index)-\($0)".utf8) } }
        #expect(first.values(in: .fileIndex, for: all).allSatisfy { $0 != nil }, "no write was lost")
    }
}
