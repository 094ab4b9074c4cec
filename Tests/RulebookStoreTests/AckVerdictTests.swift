import Foundation
import RulebookCore
import RulebookStore
import RulebookWire
import Testing

/// Acks carry the verdict: findings for a validated spec, the code for a rejected one, and
/// for a duplicate the verdict of the copy stored first.
struct AckVerdictTests {
    @Test func validatedAckCarriesTheFeatureAndFindings() throws {
        let path = ResultStoreTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteResultStore(path: path)
        let ack = try #require(
            try store.apply([.validated(runId: "r", ResultStoreTests.validated("1", findings: [ResultStoreTests.error]))]).acks.first)
        #expect(ack.status == .validated && ack.feature == "F1" && ack.findings == [ResultStoreTests.error])
        #expect(ack.code == nil && ack.message == nil)
    }

    @Test func rejectedAckCarriesTheCodeAndMessage() throws {
        let path = ResultStoreTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteResultStore(path: path)
        let rejection = SpecRejected(specId: "2", specSource: "tests", error: .emptySpec("no files"), stage: .validator)
        let ack = try #require(try store.apply([.rejected(runId: "r", rejection)]).acks.first)
        #expect(ack.status == .rejected && ack.code == "RB112" && ack.message == RulebookError.emptySpec("no files").message)
        #expect(ack.findings == nil && ack.feature == nil)
    }

    @Test func duplicateAckRepeatsTheStoredVerdict() throws {
        let path = ResultStoreTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteResultStore(path: path)
        let findings = [ResultStoreTests.error, ResultStoreTests.note]
        _ = try store.apply([.validated(runId: "r", ResultStoreTests.validated("1", findings: findings))])
        // A later copy, even a rejected one from another run, is answered with what is stored.
        let rejection = SpecRejected(specId: "1", specSource: "tests", error: .invalidEventData("x"), stage: .validator)
        let acks = try store.apply([
            .validated(runId: "r", ResultStoreTests.validated("1")), .rejected(runId: "other", rejection),
        ]).acks
        #expect(acks.map(\.duplicate) == [true, true])
        #expect(acks.map(\.status) == [.validated, .validated])
        #expect(acks.map(\.runId) == ["r", "other"])
        // Stored findings come back sorted by location.
        #expect(acks.allSatisfy { $0.findings == [ResultStoreTests.note, ResultStoreTests.error] && $0.feature == "F1" })

        let first = SpecRejected(specId: "9", specSource: "tests", error: .emptySpec("no files"), stage: .intake)
        _ = try store.apply([.rejected(runId: "r", first)])
        let again = try #require(try store.apply([.rejected(runId: "r", first)]).acks.first)
        #expect(again.duplicate && again.status == .rejected && again.code == "RB112")
    }
}
