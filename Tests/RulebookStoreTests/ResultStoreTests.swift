import Foundation
import GRDB
import RulebookCore
import RulebookStore
import RulebookWire
import Testing

struct ResultStoreTests {
    static func temporaryDatabase() -> String {
        FileManager.default.temporaryDirectory.path + "/rulebook-store-\(UUID().uuidString).sqlite"
    }

    static func validated(_ id: String, findings: [Finding] = []) -> SpecValidated {
        SpecValidated(
            specId: id, specSource: "tests", feature: "F\(id)", origin: .swiftSource, dialect: .modern,
            findings: findings, validator: "v", durationMicros: 10)
    }

    static let error = Finding(
        ruleId: "state-animation-value", severity: .error, message: "m",
        location: SourceLocation(file: "A.swift", line: 3, column: 9, endLine: 3, endColumn: 20), fingerprint: "aa",
        fix: Fix(kind: .suggestion, summary: "s", edits: [TextEdit(file: "A.swift", byteOffset: 40, byteLength: 11, replacement: "")]))
    static let note = Finding(
        ruleId: "source-parse-error", severity: .note, message: "n",
        location: SourceLocation(file: "A.swift", line: 1, column: 1), fingerprint: "bb")

    @Test func specsAreStoredOnceHoweverOftenTheyArrive() throws {
        let path = Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteResultStore(path: path)
        let first = try store.apply([.validated(runId: "r", Self.validated("1", findings: [Self.error]))])
        let again = try store.apply([
            .validated(runId: "r", Self.validated("1", findings: [Self.error])),
            .validated(runId: "r", Self.validated("1", findings: [Self.error])),
        ])
        #expect(first.acks.map(\.duplicate) == [false])
        #expect(again.acks.map(\.duplicate) == [true, true])
        // A duplicate's ack carries the stored findings, ends included.
        #expect(again.acks.map(\.findings) == [[Self.error], [Self.error]])
        let summary = try store.summary(ofRun: "r")
        #expect(summary.specs == 1)
        #expect(summary.duplicates == 2)
        #expect(try store.findings(ofRun: "r") == [Self.error])
    }

    @Test func runCompletesWhenTheLastExpectedSpecIsStoredInAnyOrder() throws {
        let path = Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteResultStore(path: path)
        // Results may overtake run.opened (they travel through different validators).
        let early = try store.apply([.validated(runId: "r", Self.validated("1", findings: [Self.error, Self.note]))])
        #expect(early.completedRuns.isEmpty)
        #expect(try !store.isCompleted(run: "r"))
        let opened = try store.apply([.openRun(RunOpened(runId: "r", expectedSpecs: 3, tool: "t", paths: []))])
        #expect(opened.completedRuns.isEmpty)
        let rejection = SpecRejected(specId: "2", specSource: "tests", error: .invalidEventData("x"), stage: .validator)
        let middle = try store.apply([.rejected(runId: "r", rejection)])
        #expect(middle.acks.map(\.status) == [.rejected])
        #expect(middle.completedRuns.isEmpty)
        let last = try store.apply([.validated(runId: "r", Self.validated("3"))])
        #expect(last.completedRuns.map(\.runId) == ["r"])
        #expect(last.completedRuns.first?.summary == RunSummary(specs: 3, validated: 2, rejected: 1, errors: 1, warnings: 0, notes: 1, duplicates: 0))
        #expect(try store.isCompleted(run: "r"))
        // A late duplicate does not complete the run a second time.
        #expect(try store.apply([.validated(runId: "r", Self.validated("3"))]).completedRuns.isEmpty)
        // Reopening a completed run (a producer that missed `run.completed`) publishes it again.
        let reopened = try store.apply([.openRun(RunOpened(runId: "r", expectedSpecs: 3, tool: "t", paths: []))])
        #expect(reopened.completedRuns.map(\.summary.specs) == [3])
        #expect(try store.rejections(ofRun: "r").map(\.code) == ["RB104"])
    }

    @Test func runOpenedAfterAllResultsCompletesAtOnce() throws {
        let path = Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteResultStore(path: path)
        _ = try store.apply([.validated(runId: "r", Self.validated("1"))])
        let outcome = try store.apply([.openRun(RunOpened(runId: "r", expectedSpecs: 1, tool: "t", paths: []))])
        #expect(outcome.completedRuns.map(\.runId) == ["r"])
    }

    @Test func runOpenedWithinTheBatchOfItsResultsCompletesInThatBatch() throws {
        let path = Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteResultStore(path: path)
        // The first result makes the run as one that expects no count; the open in the same
        // batch gives it one, so the batch must still check it for completion.
        let outcome = try store.apply([
            .validated(runId: "r", Self.validated("1")),
            .openRun(RunOpened(runId: "r", expectedSpecs: 2, tool: "t", paths: [])),
            .validated(runId: "r", Self.validated("2")),
        ])
        #expect(outcome.completedRuns.map(\.runId) == ["r"])
        #expect(outcome.completedRuns.first?.summary.specs == 2)
        // A run that expects no count never completes, however many specs it stores.
        let open = try store.apply([.validated(runId: "push", Self.validated("3")), .validated(runId: "push", Self.validated("4"))])
        #expect(open.completedRuns.isEmpty)
        #expect(try !store.isCompleted(run: "push"))
    }

    @Test func aFailedBatchStoresNothingAndTheNextOneIsStored() throws {
        let path = Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteResultStore(path: path)
        // A trigger (through a connection of its own) makes one finding fail to insert.
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TRIGGER refuse BEFORE INSERT ON findings WHEN NEW.rule_id = 'refused' BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        let refused = Finding(
            ruleId: "refused", severity: .error, message: "m", location: SourceLocation(file: "A.swift", line: 1, column: 1),
            fingerprint: "cc")
        #expect(throws: RulebookError.self) {
            try store.apply([.validated(runId: "r", Self.validated("1")), .validated(runId: "r", Self.validated("2", findings: [refused]))])
        }
        #expect(try store.summary(ofRun: "r").specs == 0)
        // The transaction was rolled back, not left open: the next batch begins and commits.
        let next = try store.apply([.validated(runId: "r", Self.validated("3"))])
        #expect(next.acks.map(\.specId) == ["3"])
        #expect(try store.summary(ofRun: "r").specs == 1)
    }

    @Test func anonymousRejectionsAreStoredWithoutAcks() throws {
        let path = Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteResultStore(path: path)
        let outcome = try store.apply([.rejected(runId: "r", SpecRejected(specId: nil, specSource: nil, error: .invalidUTF8, stage: .intake))])
        #expect(outcome.acks.isEmpty)
        #expect(outcome.anonymousRejections == 1)
        #expect(try store.rejections(ofRun: "r").map(\.code) == ["RB105"])
    }

    @Test func reopeningKeepsDataAndMigrationsAreIdempotent() throws {
        let path = Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try SQLiteResultStore(path: path).apply([.validated(runId: "r", Self.validated("1", findings: [Self.error]))])
        let reopened = try SQLiteResultStore(path: path)
        #expect(try reopened.findings(ofRun: "r").count == 1)
    }

    @Test func unopenableDatabaseIsATaxonomyError() {
        do {
            _ = try SQLiteResultStore(path: "/proc/definitely/not/here.sqlite")
            Issue.record("opened an impossible path")
        } catch {
            #expect(error.code == "RB300")
        }
    }
}
