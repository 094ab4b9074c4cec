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
        #expect(try tracker.due(at: start + .seconds(12)).isEmpty)
        #expect(try tracker.due(at: start + .seconds(13)) == ["c"])
        #expect(tracker.unacknowledged == ["c"])
    }

    @Test func backoffDoublesAndAttemptsAreBounded() throws {
        var tracker = DeliveryTracker(specIds: ["a"], policy: policy)
        tracker.sent("a", at: start)
        #expect(try tracker.due(at: start + .seconds(5)) == ["a"])
        tracker.sent("a", at: start + .seconds(5))
        #expect(try tracker.due(at: start + .seconds(14)).isEmpty)
        #expect(try tracker.due(at: start + .seconds(15)) == ["a"])
        tracker.sent("a", at: start + .seconds(15))
        #expect(tracker.resent == 2)
        do {
            _ = try tracker.due(at: start + .seconds(40))
            Issue.record("a spec out of attempts did not fail the run")
        } catch {
            #expect(error == .deliveryFailed(attempts: 3, missing: ["a"]))
        }
    }

    @Test func unsentAndAcknowledgedSpecsAreNeverDue() throws {
        var tracker = DeliveryTracker(specIds: ["a", "b"], policy: policy)
        tracker.sent("a", at: start)
        let first = tracker.acknowledged("a", at: start + .seconds(1))
        let again = tracker.acknowledged("a", at: start + .seconds(2))
        let unknown = tracker.acknowledged("zzz")
        #expect(first && !again && !unknown)
        #expect(try tracker.due(at: start + .seconds(100)).isEmpty)
    }
}
