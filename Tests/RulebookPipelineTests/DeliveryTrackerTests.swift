import RulebookCore
import RulebookWire
import RulebookPipeline
import Testing

struct DeliveryTrackerTests {
    let start = ContinuousClock.now
    let policy = DeliveryPolicy(ackTimeout: .seconds(5), maxAttempts: 3)
    let a = SpecKey(source: "tests", id: "a")
    let b = SpecKey(source: "tests", id: "b")
    let c = SpecKey(source: "tests", id: "c")

    @Test func nothingIsDueWhileAcksKeepArriving() throws {
        var tracker = DeliveryTracker(keys: [a, b, c], policy: policy)
        for key in [a, b, c] { tracker.sent(key, at: start) }
        tracker.acknowledged(a, at: start + .seconds(4))
        tracker.acknowledged(b, at: start + .seconds(8))
        #expect(tracker.due(at: start + .seconds(12)).resend.isEmpty)
        #expect(tracker.due(at: start + .seconds(13)).resend == [c])
        #expect(tracker.unacknowledged == [c])
    }

    @Test func backoffDoublesAndAttemptsAreBounded() throws {
        var tracker = DeliveryTracker(keys: [a], policy: policy)
        tracker.sent(a, at: start)
        #expect(tracker.due(at: start + .seconds(5)).resend == [a])
        tracker.sent(a, at: start + .seconds(5))
        #expect(tracker.due(at: start + .seconds(14)).resend.isEmpty)
        #expect(tracker.due(at: start + .seconds(15)).resend == [a])
        tracker.sent(a, at: start + .seconds(15))
        #expect(tracker.resent == 2)
        #expect(tracker.due(at: start + .seconds(40)) == DeliveryTracker.Due(resend: [], exhausted: [a]))
        tracker.drop(a)
        #expect(tracker.pending == 0)
    }

    @Test func unsentAndAcknowledgedSpecsAreNeverDue() throws {
        var tracker = DeliveryTracker(keys: [a, b], policy: policy)
        tracker.sent(a, at: start)
        let first = tracker.acknowledged(a, at: start + .seconds(1))
        let again = tracker.acknowledged(a, at: start + .seconds(2))
        let unknown = tracker.acknowledged(SpecKey(source: "tests", id: "zzz"))
        #expect(first && !again && !unknown)
        #expect(tracker.due(at: start + .seconds(100)) == DeliveryTracker.Due(resend: [], exhausted: []))
    }

    @Test func theSameIdFromAnotherSourceIsAnotherSpec() {
        var tracker = DeliveryTracker(keys: [a], policy: policy)
        tracker.sent(a, at: start)
        let elsewhere = tracker.acknowledged(SpecKey(source: "elsewhere", id: "a"), at: start)
        #expect(!elsewhere && tracker.pending == 1)
    }
}

struct IncrementalDeliveryTrackerTests {
    @Test func specsCanJoinAsTheyAreSentAndLeaveWhenAcknowledged() {
        let start = ContinuousClock.now
        var tracker = DeliveryTracker(policy: DeliveryPolicy())
        for index in 0..<200 {
            tracker.add(SpecKey(source: "tests", id: "s\(index)"))
            tracker.sent(SpecKey(source: "tests", id: "s\(index)"), at: start)
        }
        for index in 0..<150 { tracker.acknowledged(SpecKey(source: "tests", id: "s\(index)"), at: start) }
        #expect(tracker.pending == 50)
        #expect(tracker.unacknowledged.first == SpecKey(source: "tests", id: "s150"))
        #expect(tracker.unacknowledged.count == 50)
    }
}
