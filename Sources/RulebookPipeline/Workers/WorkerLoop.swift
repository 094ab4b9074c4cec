import Foundation
import RulebookCore
import ZeroMQ

/// Shared pieces of the workers' poll loops.
enum WorkerLoop {
    /// Poll timeout: short enough to notice a stop request or a vanished parent quickly.
    static let pollMillis = 100

    /// Whether the loop should end.
    static func shouldStop(_ watch: ParentWatch) -> Bool {
        StopSignal.isRequested || watch.parentIsGone
    }

    /// Sends `bytes`, waiting while the peer's queue is full (back-pressure) but never past a
    /// stop request: returns `false` when the loop should stop before the message left.
    static func send(_ bytes: [UInt8], on socket: ZMQSocket, watch: ParentWatch) throws(RulebookError) -> Bool {
        try send(bytes, on: socket) { shouldStop(watch) }
    }

    /// ``send(_:on:watch:)`` until `givingUp` says to stop waiting for room.
    static func send(_ bytes: [UInt8], on socket: ZMQSocket, until givingUp: () -> Bool) throws(RulebookError) -> Bool {
        while !givingUp() {
            if try zmq(socket.send(bytes, dontWait: true)) { return true }
            _ = try zmq(ZMQPoller.writable([socket], timeoutMillis: pollMillis))
        }
        return false
    }

    /// The number of bytes in all frames of a message.
    static func size(of frames: [[UInt8]]) -> Int {
        frames.reduce(0) { $0 + $1.count }
    }

    /// A printable excerpt of a bad message, to help find its sender.
    static func excerpt(_ frames: [[UInt8]]) -> String {
        let bytes = frames.first ?? []
        return String(decoding: bytes.prefix(160), as: UTF8.self)
    }
}

/// Fires once per interval.
struct IntervalTimer {
    let interval: Duration
    private var next: ContinuousClock.Instant

    init(interval: Duration, fireImmediately: Bool) {
        self.interval = interval
        self.next = fireImmediately ? .now : .now + interval
    }

    /// `true` (and re-arms) when the interval has elapsed.
    mutating func isDue() -> Bool {
        let now = ContinuousClock.Instant.now
        guard now >= next else { return false }
        next = now + interval
        return true
    }

    var intervalMillis: Int {
        Int(interval.components.seconds * 1_000 + interval.components.attoseconds / 1_000_000_000_000_000)
    }
}
