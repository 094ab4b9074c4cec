import Foundation
import RulebookCore
import RulebookStore
import Testing

/// The serving producer's journal: what it appends is read back in order, what it removes
/// stays removed after a reopen, and a file that is no journal is refused with RB300.
struct IntakeJournalTests {
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.path + "/rulebook-journal-\(UUID().uuidString).sqlite"
    }

    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    static func spec(_ id: String, run: String? = "r") -> JournaledSpec {
        JournaledSpec(source: "tests", id: id, runId: run, event: Array(#"{"id":"\#(id)"}"#.utf8))
    }

    @Test func appendedSpecsAreReadBackInOrder() throws {
        let path = Self.temporaryPath()
        defer { Self.remove(path) }
        let journal = try IntakeJournal(path: path)
        let sequences = try journal.append([Self.spec("a"), Self.spec("b", run: nil), Self.spec("c")])
        #expect(sequences.count == 3 && sequences == sequences.sorted() && Set(sequences).count == 3)
        let read = try journal.specs(from: 0, limit: 10)
        #expect(read.map(\.id) == ["a", "b", "c"])
        #expect(read.map(\.sequence) == sequences)
        #expect(read[1].runId == nil && read[0].runId == "r")
        #expect(read[2].event == Self.spec("c").event)
        #expect(try journal.specs(from: sequences[1], limit: 1).map(\.id) == ["b"])
        #expect(try journal.pending().map(\.bytes) == read.map(\.event.count))
    }

    @Test func whatWasNotRemovedIsThereAfterAReopen() throws {
        let path = Self.temporaryPath()
        defer { Self.remove(path) }
        var sequences: [Int64] = []
        do {
            let journal = try IntakeJournal(path: path)
            sequences = try journal.append((0..<5).map { Self.spec("s\($0)") })
            try journal.remove([sequences[0], sequences[3]])
        }
        let reopened = try IntakeJournal(path: path)
        let pending = try reopened.pending()
        #expect(pending.map(\.id) == ["s1", "s2", "s4"])
        #expect(pending.map(\.sequence) == [sequences[1], sequences[2], sequences[4]])
        #expect(try reopened.specs(from: 0, limit: 10).map(\.id) == ["s1", "s2", "s4"])
    }

    @Test func sequenceNumbersAreNeverReused() throws {
        let path = Self.temporaryPath()
        defer { Self.remove(path) }
        let journal = try IntakeJournal(path: path)
        let first = try journal.append([Self.spec("a"), Self.spec("b")])
        try journal.remove(first)
        #expect(try journal.pending().isEmpty)
        let later = try journal.append([Self.spec("c")])
        #expect(later[0] > first[1])
    }

    @Test func aSecondOpenerOfTheSameFileIsRefused() throws {
        let path = Self.temporaryPath()
        defer { Self.remove(path) }
        let journal = try IntakeJournal(path: path)
        try journal.append([Self.spec("a")])
        #expect {
            _ = try IntakeJournal(path: path)
        } throws: { error in
            guard case .databaseUnavailable(_, let reason) = error as? RulebookError else { return false }
            return reason.contains("another process holds it")
        }
        #expect(try journal.pending().map(\.id) == ["a"])
    }

    @Test func aFileThatIsNoDatabaseIsRefusedWithRB300() throws {
        let path = Self.temporaryPath()
        defer { Self.remove(path) }
        try Data(repeating: 0x5A, count: 8_192).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try IntakeJournal(path: path)
        } throws: { error in
            (error as? RulebookError)?.code == "RB300"
        }
    }

    @Test func aTruncatedJournalIsRefusedWithRB300() throws {
        let path = Self.temporaryPath()
        defer { Self.remove(path) }
        do {
            let journal = try IntakeJournal(path: path)
            try journal.append((0..<200).map { Self.spec("s\($0)") })
        }
        // Keep SQLite's header, lose the pages after it.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 100)
        try handle.close()
        try? FileManager.default.removeItem(atPath: path + "-wal")
        #expect {
            let journal = try IntakeJournal(path: path)
            _ = try journal.pending()
        } throws: { error in
            ["RB300", "RB301"].contains((error as? RulebookError)?.code)
        }
    }

    @Test func theResultDatabaseIsNotTakenForAJournal() throws {
        let path = Self.temporaryPath()
        defer { Self.remove(path) }
        _ = try SQLiteResultStore(path: path)
        #expect {
            _ = try IntakeJournal(path: path)
        } throws: { error in
            guard case .databaseUnavailable(_, let reason) = error as? RulebookError else { return false }
            return reason.contains("not a producer journal") && reason.contains("specs")
        }
    }

    @Test func aPathInAMissingFolderIsRefusedWithRB300() {
        #expect {
            _ = try IntakeJournal(path: "/nonexistent-\(UUID().uuidString)/journal.sqlite")
        } throws: { error in
            (error as? RulebookError)?.code == "RB300"
        }
    }
}
