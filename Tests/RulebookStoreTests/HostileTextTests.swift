import Foundation
import RulebookCore
import RulebookStore
import RulebookWire
import Testing

/// Text from messages reaches SQL only as bound arguments.
struct HostileTextTests {
    @Test func quotesAndSQLInIdsAndNamesAreStoredVerbatim() throws {
        let path = ResultStoreTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteResultStore(path: path)
        let hostile = "x'); DROP TABLE specs; --"
        let spec = SpecValidated(
            specId: hostile, specSource: "\"; DELETE FROM runs; --", feature: hostile, origin: .declared,
            dialect: .modern, findings: [], validator: "v'", durationMicros: 1)
        let outcome = try store.apply([.validated(runId: hostile, spec), .validated(runId: hostile, spec)])
        #expect(outcome.acks.map(\.specId) == [hostile, hostile])
        #expect(outcome.acks.map(\.duplicate) == [false, true])
        #expect(try store.summary(ofRun: hostile).specs == 1)
    }
}
