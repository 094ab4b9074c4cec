import Foundation
import RulebookCore
import RulebookWire

/// A live view of a pipeline built from the heartbeats heard in a time window: each
/// worker's latest counters, its rate over the window, the specs in flight and the latest
/// errors (`rulebook status`).
public struct PipelineStatus: Sendable {
    /// One worker as its heartbeats describe it.
    public struct Worker: Codable, Sendable, Equatable {
        public var worker: String
        public var role: WorkerRole
        public var pid: Int
        /// Heartbeats heard in the window.
        public var heartbeats: Int
        public var received: Int
        /// Forwarded (producer), validated (validator) or stored (persister); see ``WorkerHeartbeat/processed``.
        public var processed: Int
        public var rejected: Int
        public var queueDepth: Int?
        public var resent: Int?
        public var stored: Int?
        public var duplicates: Int?
        /// `processed` per second between the first and the last heartbeat heard (needs two).
        public var perSecond: Double?
        public var lastError: RecentError?
    }

    /// A worker's latest error.
    public struct WorkerError: Codable, Sendable, Equatable {
        public var worker: String
        public var role: WorkerRole
        public var error: RecentError
    }

    private var first: [String: (beat: WorkerHeartbeat, at: ContinuousClock.Instant)] = [:]
    private var latest: [String: (beat: WorkerHeartbeat, at: ContinuousClock.Instant, count: Int)] = [:]

    public init() {}

    /// Adds a heartbeat heard at `instant`.
    public mutating func record(_ beat: WorkerHeartbeat, at instant: ContinuousClock.Instant = .now) {
        if first[beat.worker] == nil { first[beat.worker] = (beat, instant) }
        latest[beat.worker] = (beat, instant, (latest[beat.worker]?.count ?? 0) + 1)
    }

    /// Every worker heard: producers, validators, then persisters, each by name.
    public var workers: [Worker] {
        latest.values.map { entry in
            let beat = entry.beat
            var rate: Double?
            if let start = first[beat.worker], entry.count > 1 {
                let elapsed = entry.at - start.at
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                if seconds > 0 { rate = Double(beat.processed - start.beat.processed) / seconds }
            }
            return Worker(
                worker: beat.worker, role: beat.role, pid: beat.pid, heartbeats: entry.count, received: beat.received,
                processed: beat.processed, rejected: beat.rejected, queueDepth: beat.queueDepth, resent: beat.resent,
                stored: beat.stored, duplicates: beat.duplicates, perSecond: rate, lastError: beat.lastError)
        }.sorted { ($0.role.order, $0.worker) < ($1.role.order, $1.worker) }
    }

    /// Specs in flight: the producers' queue depths added up, when any producer reports one.
    public var queueDepth: Int? {
        let depths = workers.compactMap(\.queueDepth)
        return depths.isEmpty ? nil : depths.reduce(0, +)
    }

    /// Results stored per second by the persisters (or, without one, validated by the
    /// validators), when a rate is known.
    public var throughput: Double? {
        let workers = workers
        for role in [WorkerRole.persister, .validator] {
            let rates = workers.filter { $0.role == role }.compactMap(\.perSecond)
            if !rates.isEmpty { return rates.reduce(0, +) }
        }
        return nil
    }

    /// Each worker's latest error, newest first.
    public var lastErrors: [WorkerError] {
        workers.compactMap { worker in
            worker.lastError.map { WorkerError(worker: worker.worker, role: worker.role, error: $0) }
        }.sorted { $0.error.time > $1.error.time }
    }
}

extension WorkerRole {
    /// Pipeline order: producer, validator, persister.
    var order: Int {
        switch self {
        case .producer: 0
        case .validator: 1
        case .persister: 2
        }
    }
}
