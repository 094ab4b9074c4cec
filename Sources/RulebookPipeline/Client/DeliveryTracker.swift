import Foundation
import RulebookCore
import RulebookWire

/// How unacknowledged specs are resent.
public struct DeliveryPolicy: Sendable {
    /// How long a spec may wait for its ack while no other ack arrives before it is resent.
    public var ackTimeout: Duration
    /// Sends per spec (the first included) before it is given up.
    public var maxAttempts: Int

    public init(ackTimeout: Duration = .seconds(5), maxAttempts: Int = 5) {
        self.ackTimeout = ackTimeout
        self.maxAttempts = maxAttempts
    }
}

/// A sender's record of the specs it sent, by ``SpecKey``: how often each was sent and whether
/// the persister acknowledged it. A spec is due for a resend when neither it nor any other
/// spec made progress for the ack timeout, doubled for each earlier attempt — so a busy but
/// healthy pipeline never triggers resends, and a lost message is resent soon after the
/// pipeline goes quiet. Acknowledged specs leave it, so its size is what is in flight.
/// Only the sender that forwards specs to the validators keeps one per spec (see
/// docs/architecture.md, "Who resends what"): `rulebook check`'s ``RunDriver``, or the
/// serving producer's ``ProducerJournal``.
public struct DeliveryTracker: Sendable {
    private struct Entry: Sendable {
        var attempts = 0
        var lastSent: ContinuousClock.Instant?
    }

    /// What is due at a moment: specs to send again, and specs out of attempts.
    public struct Due: Sendable, Equatable {
        public var resend: [SpecKey]
        public var exhausted: [SpecKey]

        public init(resend: [SpecKey], exhausted: [SpecKey]) {
            self.resend = resend
            self.exhausted = exhausted
        }
    }

    private let policy: DeliveryPolicy
    private var entries: [SpecKey: Entry] = [:]
    private var order: [SpecKey] = []
    /// When the last ack arrived, if any did.
    public private(set) var lastProgress: ContinuousClock.Instant?
    /// Specs sent again after a timeout.
    public private(set) var resent = 0

    /// A tracker expecting the specs of `keys` (more can be added as they are sent).
    public init(keys: [SpecKey] = [], policy: DeliveryPolicy) {
        self.policy = policy
        for key in keys { add(key) }
    }

    /// Specs not acknowledged yet, in sending order.
    public var unacknowledged: [SpecKey] { order.filter { entries[$0] != nil } }

    /// How many specs wait for their ack.
    public var pending: Int { entries.count }

    /// Sends per spec before it is given up.
    public var maxAttempts: Int { policy.maxAttempts }

    /// Adds a spec to expect (no effect for one already tracked).
    public mutating func add(_ key: SpecKey) {
        guard entries[key] == nil else { return }
        entries[key] = Entry()
        order.append(key)
    }

    /// Records a send (first or repeated) of a tracked spec.
    public mutating func sent(_ key: SpecKey, at now: ContinuousClock.Instant = .now) {
        guard entries[key] != nil else { return }
        entries[key]!.attempts += 1
        entries[key]!.lastSent = now
        if entries[key]!.attempts > 1 { resent += 1 }
    }

    /// Records an ack; returns `false` for a spec not tracked (unknown or already acknowledged).
    @discardableResult
    public mutating func acknowledged(_ key: SpecKey, at now: ContinuousClock.Instant = .now) -> Bool {
        guard entries.removeValue(forKey: key) != nil else { return false }
        lastProgress = now
        if order.count > 64 && order.count > entries.count * 2 { order.removeAll { entries[$0] == nil } }
        return true
    }

    /// Removes a spec given up on.
    public mutating func drop(_ key: SpecKey) {
        entries.removeValue(forKey: key)
    }

    /// Sent specs whose wait is over, in sending order.
    public func due(at now: ContinuousClock.Instant = .now) -> Due {
        var due = Due(resend: [], exhausted: [])
        // Every wait is at least the ack timeout and runs from the last ack at the earliest:
        // while acks keep arriving nothing is due, so a busy tracker is not scanned.
        if let lastProgress, now - lastProgress < policy.ackTimeout { return due }
        for key in order {
            guard let entry = entries[key], let lastSent = entry.lastSent else { continue }
            let wait = policy.ackTimeout * (1 << min(entry.attempts - 1, 16))
            guard now - max(lastSent, lastProgress ?? lastSent) >= wait else { continue }
            if entry.attempts >= policy.maxAttempts {
                due.exhausted.append(key)
            } else {
                due.resend.append(key)
            }
        }
        return due
    }
}
