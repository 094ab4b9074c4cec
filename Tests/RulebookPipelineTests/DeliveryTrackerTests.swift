import RulebookCore
import RulebookPipeline
import Testing

struct DeliveryTrackerTests {
    let start = ContinuousClock.now
    let policy = DeliveryPolicy(ackTimeout: .seconds(5), maxAttempts: 3)

    @Test func nothingIsDueWhileAcksKeepArriving() throws {
        var tracker = DeliveryTracker(specIds: ["a", "b", "c"], policy: policy)
        for id in ["a", "b", "c"] { tracker.sent(id, at: start) }
        tracker.acknowledged("a", at: start + .seconds(4))
        tracker.acknowledged("b", at: start + .seconds(8))
        #expect(tracker.due(at: start + .seconds(12)).resend.isEmpty)
        #expect(tracker.due(at: start + .seconds(13)).resend == ["c"])
        #expect(tracker.unacknowledged == ["c"])
    }

    @Test func backoffDoublesAndAttemptsAreBounded() throws {
        var tracker = DeliveryTracker(specIds: ["a"], policy: policy)
        tracker.sent("a", at: start)
        #expect(tracker.due(at: start + .seconds(5)).resend == ["a"])
        tracker.sent("a", at: start + .seconds(5))
        #expect(tracker.due(at: start + .seconds(14)).resend.isEmpty)
        #expect(tracker.due(at: start + .seconds(15)).resend == ["a"])
        tracker.sent("a", at: start + .seconds(15))
        #expect(tracker.resent == 2)
        #expect(tracker.due(at: start + .seconds(40)) == DeliveryTracker.Due(resend: [], exhausted: ["a"]))
        tracker.drop("a")
        #expect(tracker.pending == 0)
    }

    @Test func unsentAndAcknowledgedSpecsAreNeverDue() throws {
        var tracker = DeliveryTracker(specIds: ["a", "b"], policy: policy)
        tracker.sent("a", at: start)
        let first = tracker.acknowledged("a", at: start + .seconds(1))
        let again = tracker.acknowledged("a", at: start + .seconds(2))
        let unknown = tracker.acknowledged("zzz")
        #expect(first && !again && !unknown)
        #expect(tracker.due(at: start + .seconds(100)) == DeliveryTracker.Due(resend: [], exhausted: []))
    }
}

struct IncrementalDeliveryTrackerTests {
    @Test func specsCanJoinAsTheyAreSentAndLeaveWhenAcknowledged() {
        let start = ContinuousClock.now
        var tracker = DeliveryTracker(policy: DeliveryPolicy())
        for index in 0..<200 {
            tracker.add("s\(index)")
            tracker.sent("s\(index)", at: start)
        }
        for index in 0..<150 { tracker.acknowledged("s\(index)", at: start) }
        #expect(tracker.pending == 50)
        #expect(tracker.unacknowledged.first == "s150")
        #expect(tracker.unacknowledged.count == 50)
    }
}
