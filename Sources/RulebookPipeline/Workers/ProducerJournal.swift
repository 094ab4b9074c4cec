import RulebookCore
import RulebookWire
import RulebookStore

/// What the serving producer holds of the specs it accepted, from the moment it reads one
/// until the persister acknowledges it. Each spec is on disk (``IntakeJournal``) before it is
/// sent, so a producer restarted on the same file sends again what a killed one held; the
/// ``DeliveryTracker`` times resends of what was sent: the producer is the one sender of a
/// spec it holds to the validators, and a client's copy of it (same ``SpecKey``) is neither
/// sent nor counted as an attempt (``accept(_:)``). In memory are the specs not sent yet
/// (the intake is read on while the validators are busy, up to a bound, so that what the
/// producer has accepted waits on disk rather than unsafe in socket buffers) and the bytes of
/// specs in flight, for resends. The disk is read only for what an earlier run left, a page
/// at a time.
struct ProducerJournal {
    /// Specs read back from disk at a time.
    static let pageSize = 64

    private let store: IntakeJournal
    private var tracker: DeliveryTracker
    /// Every accepted, unacknowledged spec by key: where it is on disk and its size.
    private var held: [SpecKey: (sequence: Int64, bytes: Int)] = [:]
    /// Bytes of the specs in `held`.
    private(set) var heldBytes = 0
    /// Sent specs awaiting their ack, as sent, for resends.
    private var inFlight: [SpecKey: InFlightSpec] = [:]
    /// Specs not sent yet, in memory, oldest first from `queueStart`.
    private var queue: [UnsentSpec] = []
    private var queueStart = 0
    /// Bytes of the specs in `queue` from `queueStart` on.
    private(set) var queuedBytes = 0
    /// Specs an earlier run left on disk and not read back yet: sequence numbers from
    /// `nextRestored` through `lastRestored`. They are sent before anything accepted since.
    private var nextRestored: Int64
    private let lastRestored: Int64
    /// Restored specs read back from disk and not sent yet, oldest first.
    private var page: [UnsentSpec] = []
    /// Sequence numbers of specs acknowledged or given up, to delete from disk.
    private var released: [Int64] = []
    /// Specs the journal held when the producer started (all to be sent again).
    let restored: Int

    /// Takes over what `store` holds: every spec in it is sent again.
    init(store: IntakeJournal, policy: DeliveryPolicy) throws(RulebookError) {
        self.store = store
        tracker = DeliveryTracker(policy: policy)
        let pending = try store.pending()
        for spec in pending {
            held[SpecKey(source: spec.source, id: spec.id)] = (spec.sequence, spec.bytes)
            heldBytes += spec.bytes
        }
        restored = pending.count
        nextRestored = pending.first?.sequence ?? 0
        lastRestored = pending.last?.sequence ?? -1
    }

    /// Accepted specs not acknowledged yet.
    var count: Int { held.count }

    /// Accepted specs not sent yet.
    var unsentCount: Int { held.count - inFlight.count }

    /// Sent specs not acknowledged yet.
    var inFlightCount: Int { inFlight.count }

    /// Sends counted as resends so far.
    var resent: Int { tracker.resent }

    /// Sends per spec before it is given up.
    var maxAttempts: Int { tracker.maxAttempts }

    /// Whether accepted specs wait to be sent.
    var hasUnsent: Bool { queueStart < queue.count || !page.isEmpty || nextRestored <= lastRestored }

    /// Whether sent specs wait for their ack.
    var hasInFlight: Bool { tracker.pending > 0 }

    // MARK: Accepting and sending

    /// Writes a burst of accepted specs to disk and queues them to be sent, in order; the same
    /// transaction deletes the specs acknowledged since the last one. A copy of a spec the
    /// journal holds already (a client's resend of one not acknowledged yet, or a second copy
    /// in the burst) is dropped: the journal sends the spec and resends it on its own schedule,
    /// and its ack answers every copy. Returns how many copies were dropped.
    @discardableResult
    mutating func accept(_ specs: [JournaledSpec]) throws(RulebookError) -> Int {
        guard !specs.isEmpty else { return 0 }
        var fresh: [UnsentSpec] = []
        var keys: Set<SpecKey> = []
        fresh.reserveCapacity(specs.count)
        for spec in specs {
            let key = SpecKey(source: spec.source, id: spec.id)
            guard held[key] == nil, keys.insert(key).inserted else { continue }
            fresh.append(UnsentSpec(key: key, spec: spec))
        }
        let sequences = try store.append(fresh.map(\.spec), removing: released)
        released.removeAll(keepingCapacity: true)
        for index in fresh.indices {
            let bytes = fresh[index].spec.event.count
            fresh[index].spec.sequence = sequences[index]
            held[fresh[index].key] = (sequences[index], bytes)
            heldBytes += bytes
            queuedBytes += bytes
        }
        queue.append(contentsOf: fresh)
        return specs.count - fresh.count
    }

    /// The oldest spec not sent yet (what an earlier run left first, read back from disk); `nil`
    /// when all are sent. It stays next until ``sent(_:)``.
    mutating func nextUnsent() throws(RulebookError) -> UnsentSpec? {
        while true {
            // Acknowledged (a copy sent before the restart) or given up meanwhile.
            while let first = page.first, !isHeld(first) { page.removeFirst() }
            if let spec = page.first { return spec }
            guard nextRestored <= lastRestored else { break }
            let read = try store.specs(from: nextRestored, limit: Self.pageSize)
            page = read.filter { $0.sequence <= lastRestored }.map { UnsentSpec(key: SpecKey(source: $0.source, id: $0.id), spec: $0) }
            nextRestored = (page.last?.spec.sequence ?? lastRestored) + 1
        }
        while queueStart < queue.count {
            if isHeld(queue[queueStart]) { return queue[queueStart] }
            dequeue()  // acknowledged (a copy sent earlier) or given up meanwhile
        }
        return nil
    }

    /// Records that the spec ``nextUnsent()`` returned was sent.
    mutating func sent(_ unsent: UnsentSpec) {
        if page.first?.spec.sequence == unsent.spec.sequence {
            page.removeFirst()
        } else {
            dequeue()
        }
        let spec = unsent.spec
        inFlight[unsent.key] = InFlightSpec(id: spec.id, source: spec.source, runid: spec.runId, bytes: spec.event)
        tracker.add(unsent.key)
        tracker.sent(unsent.key)
    }

    private func isHeld(_ unsent: UnsentSpec) -> Bool {
        held[unsent.key]?.sequence == unsent.spec.sequence
    }

    private mutating func dequeue() {
        queuedBytes -= queue[queueStart].spec.event.count
        queueStart += 1
        // Let go of sent specs' bytes now and then, at a cost linear in what is dropped.
        if queueStart == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueStart = 0
        } else if queueStart >= Self.pageSize && queueStart * 2 >= queue.count {
            queue.removeFirst(queueStart)
            queueStart = 0
        }
    }

    // MARK: Acks and resends

    /// Records an ack; `false` for a spec the journal does not hold. The spec leaves the disk
    /// with the next burst accepted, or at the next ``commitReleases()``.
    mutating func acknowledge(_ key: SpecKey) -> Bool {
        guard let entry = held.removeValue(forKey: key) else { return false }
        heldBytes -= entry.bytes
        released.append(entry.sequence)
        inFlight.removeValue(forKey: key)
        tracker.acknowledged(key)
        return true
    }

    /// Deletes the specs acknowledged or given up, and not deleted with a burst since, from
    /// disk (one transaction). Until then a restart would send them again, which the persister
    /// answers as duplicates.
    mutating func commitReleases() throws(RulebookError) {
        guard !released.isEmpty else { return }
        try store.remove(released)
        released.removeAll(keepingCapacity: true)
    }

    /// Sent specs whose wait for an ack is over: to send again, or out of attempts.
    func due() -> DeliveryTracker.Due { tracker.due() }

    /// A spec in flight, as sent.
    func inFlightSpec(_ key: SpecKey) -> InFlightSpec? { inFlight[key] }

    /// Records a resend of a spec in flight.
    mutating func resent(_ key: SpecKey) { tracker.sent(key) }

    /// Gives a spec up: it leaves the journal (and the disk at the next ``commitReleases()``).
    mutating func giveUp(_ key: SpecKey) -> InFlightSpec? {
        tracker.drop(key)
        if let entry = held.removeValue(forKey: key) {
            heldBytes -= entry.bytes
            released.append(entry.sequence)
        }
        return inFlight.removeValue(forKey: key)
    }
}

/// A spec not sent yet, with its journal key.
struct UnsentSpec {
    let key: SpecKey
    var spec: JournaledSpec
}

/// A sent spec awaiting its ack: what a resend and a give-up need, not the decoded spec (a
/// full journal holds tens of thousands).
struct InFlightSpec {
    let id: String
    let source: String
    let runid: String?
    /// The event as sent to the validators.
    let bytes: [UInt8]
}
