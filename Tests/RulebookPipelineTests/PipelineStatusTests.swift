import RulebookCore
import RulebookPipeline
import RulebookWire
import Testing

struct PipelineStatusTests {
    let start = ContinuousClock.now

    func beat(_ worker: String, _ role: WorkerRole, processed: Int, queue: Int? = nil, error: RecentError? = nil) -> WorkerHeartbeat {
        WorkerHeartbeat(
            worker: worker, role: role, pid: 7, received: processed + 1, processed: processed, rejected: 0,
            intervalMillis: 1_000, queueDepth: queue, resent: queue.map { _ in 1 }, lastError: error)
    }

    @Test func ratesQueueDepthAndErrorsComeFromTheHeartbeats() throws {
        var status = PipelineStatus()
        let old = RecentError(code: "RB104", message: "bad data", time: "2026-11-21T20:00:00.000Z")
        let new = RecentError(code: "RB112", message: "empty", time: "2026-11-21T21:00:00.000Z")
        status.record(beat("persister-h-1", .persister, processed: 10), at: start)
        status.record(beat("validator-h-3", .validator, processed: 4, error: old), at: start)
        status.record(beat("producer-h-2", .producer, processed: 20, queue: 5, error: new), at: start)
        status.record(beat("persister-h-1", .persister, processed: 30), at: start + .seconds(2))
        status.record(beat("validator-h-3", .validator, processed: 14, error: old), at: start + .seconds(2))

        #expect(status.workers.map(\.worker) == ["producer-h-2", "validator-h-3", "persister-h-1"])
        #expect(status.workers.map(\.perSecond) == [nil, 5, 10])
        #expect(status.workers.map(\.heartbeats) == [1, 2, 2])
        #expect(status.queueDepth == 5)
        #expect(status.throughput == 10)
        #expect(status.lastErrors.map(\.error.code) == ["RB112", "RB104"])

        let text = StatusRenderer.text(status, window: 3)
        #expect(text.contains("producer   producer-h-2"))
        #expect(text.contains("20 forwarded"))
        #expect(text.contains("queue depth: 5 · throughput: 10 specs/s"))
        #expect(text.contains("RB112: empty"))
    }

    @Test func textFromTheWireIsShownEscaped() {
        var status = PipelineStatus()
        let hostile = RecentError(code: "RB104\u{7}", message: "bad\n\u{1B}[2Jcleared", time: "2026-11-21T20:00:00.000Z")
        status.record(beat("validator\u{1B}[31m", .validator, processed: 1, error: hostile), at: start)
        let text = StatusRenderer.text(status, window: 1)
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
        #expect(text.contains(#"validator\u{1B}[31m: RB104\u{7}: bad\u{A}\u{1B}[2Jcleared"#))
    }

    @Test func silenceIsReported() {
        let status = PipelineStatus()
        #expect(status.workers.isEmpty && status.queueDepth == nil && status.throughput == nil)
        #expect(StatusRenderer.text(status, window: 2.5) == "no heartbeats in 2.5 s\n")
    }
}
