import RulebookCore
import RulebookWire

/// The latest heartbeat of each worker the persister forwards, so a subscriber that joins
/// between two beats hears at once who is alive instead of waiting an interval: `rulebook
/// check` starts sending as soon as it has heard the persister and its validators. A beat
/// older than two of its worker's intervals is not replayed (the worker may be gone).
struct RecentHeartbeats {
    /// Most workers remembered; the oldest beat is forgotten first.
    static let capacity = 1_024

    private var beats: [String: (frame: [UInt8], heard: ContinuousClock.Instant, interval: Duration)] = [:]

    /// Remembers `frame`, the heartbeat of `beat.worker`, heard `now`.
    mutating func record(_ beat: WorkerHeartbeat, frame: [UInt8], now: ContinuousClock.Instant = .now) {
        if beats[beat.worker] == nil, beats.count >= Self.capacity,
            let oldest = beats.min(by: { $0.value.heard < $1.value.heard })?.key
        {
            beats.removeValue(forKey: oldest)
        }
        beats[beat.worker] = (frame, now, .milliseconds(max(beat.intervalMillis, 1)))
    }

    /// The frames of the beats still fresh `now`.
    func fresh(now: ContinuousClock.Instant = .now) -> [[UInt8]] {
        beats.values.filter { now - $0.heard < $0.interval * 2 }.map(\.frame)
    }
}
