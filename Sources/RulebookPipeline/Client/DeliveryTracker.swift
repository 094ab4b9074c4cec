import Foundation
import RulebookCore

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

/// The producer's journal of sent specs: how often each was sent and whether the persister
/// acknowledged it. A spec is due for a resend when neither it nor any other spec made
/// progress for the ack timeout, doubled for each earlier attempt — so a busy but healthy
/// pipeline never triggers resends, and a lost message is resent soon after the pipeline
/// goes quiet. Acknowledged specs leave the journal, so its size is what is in flight.
public struct DeliveryTracker: Sendable {
    private struct Entry: Sendable {
        var attempts = 0
        var lastSent: ContinuousClock.Instant?
    }

    /// What is due at a moment: specs to send again, and specs out of attempts.
    public struct Due: Sendable, Equatable {
        public var resend: [String]
        public var exhausted: [String]

        public init(resend: [String], exhausted: [String]) {
            self.resend = resend
            self.exhausted = exhausted
        }
    }

    private let policy: DeliveryPolicy
    private var entries: [String: Entry] = [:]
    private var order: [String] = []
    /// When the last ack arrived, if any did.
    public private(set) var lastProgress: ContinuousClock.Instant?
    /// Specs sent again after a timeout.
    public private(set) var resent = 0

    /// A journal expecting `specIds` (more can be added as they are sent).
    public init(specIds: [String] = [], policy: DeliveryPolicy) {
        self.policy = policy
        for id in specIds { add(id) }
    }

    /// Specs not acknowledged yet, in sending order.
    public var unacknowledged: [String] { order.filter { entries[$0] != nil } }

    /// How many specs wait for their ack.
    public var pending: Int { entries.count }

    /// Sends per spec before it is given up.
    public var maxAttempts: Int { policy.maxAttempts }

    /// Adds a spec to expect (no effect for one already in the journal).
    public mutating func add(_ id: String) {
        guard entries[id] == nil else { return }
        entries[id] = Entry()
        order.append(id)
    }

    /// Records a send (first or repeated) of a spec in the journal.
    public mutating func sent(_ id: String, at now: ContinuousClock.Instant = .now) {
        guard entries[id] != nil else { return }
        entries[id]!.attempts += 1
        entries[id]!.lastSent = now
        if entries[id]!.attempts > 1 { resent += 1 }
    }

    /// Records an ack; returns `false` for a spec the journal does not hold (unknown or
    /// already acknowledged).
    @discardableResult
    public mutating func acknowledged(_ id: String, at now: ContinuousClock.Instant = .now) -> Bool {
        guard entries.removeValue(forKey: id) != nil else { return false }
        lastProgress = now
        if order.count > 64 && order.count > entries.count * 2 { order.removeAll { entries[$0] == nil } }
        return true
    }

    /// Removes a spec given up on.
    public mutating func drop(_ id: String) {
        entries.removeValue(forKey: id)
    }

    /// Sent specs whose wait is over, in sending order.
    public func due(at now: ContinuousClock.Instant = .now) -> Due {
        var due = Due(resend: [], exhausted: [])
        // Every wait is at least the ack timeout and runs from the last ack at the earliest:
        // while acks keep arriving nothing is due, so a busy journal is not scanned.
        if let lastProgress, now - lastProgress < policy.ackTimeout { return due }
        for id in order {
            guard let entry = entries[id], let lastSent = entry.lastSent else { continue }
            let wait = policy.ackTimeout * (1 << min(entry.attempts - 1, 16))
            guard now - max(lastSent, lastProgress ?? lastSent) >= wait else { continue }
            if entry.attempts >= policy.maxAttempts {
                due.exhausted.append(id)
            } else {
                due.resend.append(id)
            }
        }
        return due
    }
}
