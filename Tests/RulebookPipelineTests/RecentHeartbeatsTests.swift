import RulebookCore
@testable import RulebookPipeline
import RulebookWire
import Testing

struct RecentHeartbeatsTests {
    func beat(_ worker: String, intervalMillis: Int = 1_000) -> WorkerHeartbeat {
        WorkerHeartbeat(worker: worker, role: .validator, pid: 1, received: 0, processed: 0, rejected: 0, intervalMillis: intervalMillis)
    }

    @Test func theLatestBeatOfEachWorkerIsReplayedWhileFresh() {
        let start = ContinuousClock.now
        var beats = RecentHeartbeats()
        beats.record(beat("v1"), frame: [1], now: start)
        beats.record(beat("v1"), frame: [2], now: start + .milliseconds(500))
        beats.record(beat("v2", intervalMillis: 100), frame: [3], now: start)
        #expect(beats.fresh(now: start + .milliseconds(150)).sorted { $0[0] < $1[0] } == [[2], [3]])
        // Two of its intervals without a beat: the worker may be gone.
        #expect(beats.fresh(now: start + .milliseconds(250)) == [[2]])
        #expect(beats.fresh(now: start + .milliseconds(2_600)).isEmpty)
    }

    @Test func theOldestWorkerIsForgottenBeyondCapacity() {
        let start = ContinuousClock.now
        var beats = RecentHeartbeats()
        for index in 0...RecentHeartbeats.capacity {
            beats.record(beat("w\(index)"), frame: [UInt8(index >> 8), UInt8(index & 255)], now: start + .milliseconds(index))
        }
        let fresh = beats.fresh(now: start + .milliseconds(RecentHeartbeats.capacity))
        #expect(fresh.count == RecentHeartbeats.capacity && !fresh.contains([0, 0]))
    }
}
