import Foundation
import RulebookCore
import RulebookWire
import RulebookStore
import Testing

@testable import RulebookPipeline

/// The serving producer's journal: what it accepted is sent in order, once, resent only on its
/// own schedule, and what was not acknowledged when the producer stopped is sent again by the
/// next one.
struct ProducerJournalTests {
    let policy = DeliveryPolicy(ackTimeout: .seconds(5), maxAttempts: 3)

    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.path + "/rulebook-producer-journal-\(UUID().uuidString).sqlite"
    }

    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    static func spec(_ id: String, source: String = "tests") -> JournaledSpec {
        JournaledSpec(source: source, id: id, runId: "r", event: Array(id.utf8))
    }

    /// Sends everything unsent, returning the ids in the order they went out.
    static func sendAll(_ journal: inout ProducerJournal) throws -> [String] {
        var ids: [String] = []
        while let next = try journal.nextUnsent() {
            ids.append(next.spec.id)
            journal.sent(next)
        }
        return ids
    }

    static func key(_ id: String, source: String = "tests") -> SpecKey {
        SpecKey(source: source, id: id)
    }

    @Test func acceptedSpecsAreSentInOrderAndCopiesOnce() throws {
        let path = Self.temporaryPath()
        defer { Self.remove(path) }
        var journal = try ProducerJournal(store: IntakeJournal(path: path), policy: policy)
        let copies = [
            try journal.accept([Self.spec("a"), Self.spec("b"), Self.spec("a")]),
            try journal.accept([Self.spec("c"), Self.spec("b"), Self.spec("a", source: "elsewhere")]),
        ]
        #expect(copies == [1, 1])
        #expect(journal.count == 4 && journal.unsentCount == 4 && journal.heldBytes == 4)
        #expect(try Self.sendAll(&journal) == ["a", "b", "c", "a"])
        #expect(journal.unsentCount == 0 && journal.hasInFlight && !journal.hasUnsent)
        let acks = [
            journal.acknowledge(Self.key("b")), journal.acknowledge(Self.key("b")),
            journal.acknowledge(Self.key("a", source: "nowhere")),
        ]
        #expect(acks == [true, false, false])
        #expect(journal.count == 3)
        #expect(journal.inFlightSpec(Self.key("a"))?.bytes == Array("a".utf8))
        #expect(journal.inFlightSpec(Self.key("b")) == nil)
    }

    /// A client resending a spec the producer holds (same source + id) changes nothing: the
    /// copies are not sent, and the spec keeps its place in the producer's own resends and
    /// all its attempts.
    @Test func aClientsCopiesOfASpecInFlightAreNotSentNorCountedAsAttempts() throws {
        let path = Self.temporaryPath()
        defer { Self.remove(path) }
        // Every sent spec is due at once: attempts alone decide between resend and give-up.
        var journal = try ProducerJournal(
            store: IntakeJournal(path: path), policy: DeliveryPolicy(ackTimeout: .zero, maxAttempts: 2))
        try journal.accept([Self.spec("a")])
        #expect(try Self.sendAll(&journal) == ["a"])
        for _ in 0..<4 {
            let copies = try journal.accept([Self.spec("a")])
            #expect(copies == 1)
            #expect(try Self.sendAll(&journal) == [])
        }
        #expect(journal.count == 1 && journal.inFlightCount == 1 && journal.resent == 0)
        #expect(journal.due() == DeliveryTracker.Due(resend: [Self.key("a")], exhausted: []))
        journal.resent(Self.key("a"))
        #expect(journal.due() == DeliveryTracker.Due(resend: [], exhausted: [Self.key("a")]))
        // Once acknowledged, a copy is a spec to send again (its verdict comes from the store).
        let acknowledged = journal.acknowledge(Self.key("a"))
        #expect(acknowledged)
        try journal.accept([Self.spec("a")])
        #expect(try Self.sendAll(&journal) == ["a"])
    }

    @Test func aSpecAcknowledgedBeforeItIsSentIsNotSent() throws {
        let path = Self.temporaryPath()
        defer { Self.remove(path) }
        var journal = try ProducerJournal(store: IntakeJournal(path: path), policy: policy)
        try journal.accept([Self.spec("a"), Self.spec("b")])
        // A copy sent by another producer, or before a restart, was stored meanwhile.
        let acknowledged = journal.acknowledge(Self.key("a"))
        #expect(acknowledged)
        #expect(try Self.sendAll(&journal) == ["b"])
    }

    @Test func whatWasNotAcknowledgedIsSentAgainAfterARestartFirst() throws {
        let path = Self.temporaryPath()
        defer { Self.remove(path) }
        do {
            var first = try ProducerJournal(store: IntakeJournal(path: path), policy: policy)
            try first.accept((0..<100).map { Self.spec("s\($0)") })
            _ = try Self.sendAll(&first)
            let evenAcks = stride(from: 0, to: 100, by: 2).map { first.acknowledge(Self.key("s\($0)")) }
            #expect(evenAcks.allSatisfy { $0 })
            // The acks of the next burst's turn are deleted with it; these with a commit of their own.
            try first.commitReleases()
            let lateAck = first.acknowledge(Self.key("s1"))
            #expect(lateAck)
            // Killed before this ack reached the disk: s1 is sent again, and acknowledged as a duplicate.
        }
        var second = try ProducerJournal(store: IntakeJournal(path: path), policy: policy)
        #expect(second.restored == 50)
        #expect(second.hasUnsent && second.unsentCount == 50)
        // A client's copy of a spec the restarted producer holds is not sent twice either.
        try second.accept([Self.spec("new"), Self.spec("s3")])
        let sent = try Self.sendAll(&second)
        #expect(sent == stride(from: 1, to: 100, by: 2).map { "s\($0)" } + ["new"])
        let duplicateAck = second.acknowledge(Self.key("s1"))
        #expect(duplicateAck && second.count == 50)
    }

    @Test func aGivenUpSpecLeavesTheJournal() throws {
        let path = Self.temporaryPath()
        defer { Self.remove(path) }
        do {
            var journal = try ProducerJournal(store: IntakeJournal(path: path), policy: policy)
            try journal.accept([Self.spec("a"), Self.spec("b")])
            _ = try Self.sendAll(&journal)
            let givenUp = journal.giveUp(Self.key("a"))
            #expect(givenUp?.id == "a")
            try journal.commitReleases()
        }
        let reopened = try ProducerJournal(store: IntakeJournal(path: path), policy: policy)
        #expect(reopened.restored == 1)
    }
}
