import Foundation
import RulebookCore

/// How unacknowledged specs are resent.
public struct DeliveryPolicy: Sendable {
    /// How long a spec may wait for its ack while no other ack arrives before it is resent.
    public var ackTimeout: Duration
    /// Sends per spec (the first included) before the run fails.
    public var maxAttempts: Int

    public init(ackTimeout: Duration = .seconds(5), maxAttempts: Int = 5) {
        self.ackTimeout = ackTimeout
        self.maxAttempts = maxAttempts
    }
}

/// The journal of one run's specs on the producer side: which were sent, how often, and
/// which the persister acknowledged. A spec is due for a resend when neither it nor any
/// other spec made progress for the ack timeout, doubled for each earlier attempt — so a
/// busy but healthy pipeline never triggers resends, and a lost message is resent soon
/// after the pipeline goes quiet.
public struct DeliveryTracker: Sendable {
    private struct Entry: Sendable {
        var attempts = 0
        var lastSent: ContinuousClock.Instant?
        var acked = false
    }

    private let policy: DeliveryPolicy
    private var entries: [String: Entry] = [:]
    private var order: [String]
    /// When the last ack arrived, if any did.
    public private(set) var lastProgress: ContinuousClock.Instant?
    /// Specs sent again after a timeout.
    public private(set) var resent = 0

    /// A journal for the spec ids of one run, in sending order.
    public init(specIds: [String], policy: DeliveryPolicy) {
        self.policy = policy
        self.order = specIds
        for id in specIds { entries[id] = Entry() }
    }

    /// Specs not acknowledged yet.
    public var unacknowledged: [String] { order.filter { entries[$0]?.acked == false } }

    /// Records a send (first or repeated).
    public mutating func sent(_ id: String, at now: ContinuousClock.Instant = .now) {
        entries[id]?.attempts += 1
        entries[id]?.lastSent = now
        if (entries[id]?.attempts ?? 0) > 1 { resent += 1 }
    }

    /// Records an ack; returns `false` for a spec this journal does not know or already had.
    @discardableResult
    public mutating func acknowledged(_ id: String, at now: ContinuousClock.Instant = .now) -> Bool {
        guard let entry = entries[id], !entry.acked else { return false }
        entries[id]?.acked = true
        lastProgress = now
        return true
    }

    /// Sent specs whose wait is over, in sending order; throws when one already used every
    /// attempt (the run cannot complete).
    public func due(at now: ContinuousClock.Instant = .now) throws(RulebookError) -> [String] {
        var due: [String] = []
        var exhausted: [String] = []
        for id in order {
            guard let entry = entries[id], !entry.acked, let lastSent = entry.lastSent else { continue }
            let wait = policy.ackTimeout * (1 << min(entry.attempts - 1, 16))
            guard now - max(lastSent, lastProgress ?? lastSent) >= wait else { continue }
            if entry.attempts >= policy.maxAttempts { exhausted.append(id) } else { due.append(id) }
        }
        if !exhausted.isEmpty {
            throw .deliveryFailed(attempts: policy.maxAttempts, missing: exhausted)
        }
        return due
    }
}
