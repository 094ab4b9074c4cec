import Foundation
import RulebookCore
import RulebookStore
import Testing

@testable import RulebookPipeline

/// The serving producer's journal: what it accepted is sent in order, once, and what was not
/// acknowledged when the producer stopped is sent again by the next one.
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

    @Test func acceptedSpecsAreSentInOrderAndCopiesAreJournaledOnce() throws {
        let path = Self.temporaryPath()
        defer { Self.remove(path) }
        var journal = try ProducerJournal(store: IntakeJournal(path: path), policy: policy)
        try journal.accept([Self.spec("a"), Self.spec("b"), Self.spec("a")])
        try journal.accept([Self.spec("c"), Self.spec("b")])
        #expect(journal.count == 3 && journal.unsentCount == 3 && journal.heldBytes == 3)
        // A client's copy goes to the validators too, for the persister to count and acknowledge.
        #expect(try Self.sendAll(&journal) == ["a", "b", "a", "c", "b"])
        #expect(journal.unsentCount == 0 && journal.hasInFlight && !journal.hasUnsent)
        let acks = [
            journal.acknowledge(source: "tests", id: "b"), journal.acknowledge(source: "tests", id: "b"),
            journal.acknowledge(source: "elsewhere", id: "a"),
        ]
        #expect(acks == [true, false, false])
        #expect(journal.count == 2)
        #expect(journal.inFlightSpec(ProducerJournal.key(source: "tests", id: "a"))?.bytes == Array("a".utf8))
        #expect(journal.inFlightSpec(ProducerJournal.key(source: "tests", id: "b")) == nil)
    }

    @Test func aSpecAcknowledgedBeforeItIsSentIsNotSent() throws {
        let path = Self.temporaryPath()
        defer { Self.remove(path) }
        var journal = try ProducerJournal(store: IntakeJournal(path: path), policy: policy)
        try journal.accept([Self.spec("a"), Self.spec("b")])
        // A copy sent by another producer, or before a restart, was stored meanwhile.
        let acknowledged = journal.acknowledge(source: "tests", id: "a")
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
            let evenAcks = stride(from: 0, to: 100, by: 2).map { first.acknowledge(source: "tests", id: "s\($0)") }
            #expect(evenAcks.allSatisfy { $0 })
            // The acks of the next burst's turn are deleted with it; these with a commit of their own.
            try first.commitReleases()
            let lateAck = first.acknowledge(source: "tests", id: "s1")
            #expect(lateAck)
            // Killed before this ack reached the disk: s1 is sent again, and acknowledged as a duplicate.
        }
        var second = try ProducerJournal(store: IntakeJournal(path: path), policy: policy)
        #expect(second.restored == 50)
        #expect(second.hasUnsent && second.unsentCount == 50)
        try second.accept([Self.spec("new")])
        let sent = try Self.sendAll(&second)
        #expect(sent == stride(from: 1, to: 100, by: 2).map { "s\($0)" } + ["new"])
        let duplicateAck = second.acknowledge(source: "tests", id: "s1")
        #expect(duplicateAck && second.count == 50)
    }

    @Test func aGivenUpSpecLeavesTheJournal() throws {
        let path = Self.temporaryPath()
        defer { Self.remove(path) }
        do {
            var journal = try ProducerJournal(store: IntakeJournal(path: path), policy: policy)
            try journal.accept([Self.spec("a"), Self.spec("b")])
            _ = try Self.sendAll(&journal)
            let givenUp = journal.giveUp(ProducerJournal.key(source: "tests", id: "a"))
            #expect(givenUp?.id == "a")
            try journal.commitReleases()
        }
        let reopened = try ProducerJournal(store: IntakeJournal(path: path), policy: policy)
        #expect(reopened.restored == 1)
    }
}
