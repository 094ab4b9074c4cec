import Foundation
import Logging
import RulebookCore
import RulebookWire
import ZeroMQ

/// Drives one run from the producer's side: waits until the pipeline is live (heartbeats
/// seen on the events socket, which also proves the subscription is in place), sends
/// `run.opened` and the specs while reading acks, and returns when the persister publishes
/// `run.completed`. Every wait is bounded by the deadline.
public final class RunDriver {
    private let events: ZMQSocket
    private let codec = EventCodec()
    private let logger = Logger(label: "rulebook.run")
    private let deadline: ContinuousClock.Instant
    private let timeout: Duration
    private var validatorsSeen: Set<String> = []
    private var persisterSeen = false
    private var tracker = DeliveryTracker(policy: DeliveryPolicy())
    /// The messages of the run being driven that were sent and not acknowledged yet, as they
    /// were sent: a resend carries the same bytes, never encodes the spec again.
    private var sentBytes: [SpecKey: [UInt8]] = [:]
    /// Called with the first ack of each spec of the run being driven (progress, verdicts).
    public var onAck: (SpecPersisted) -> Void = { _ in }

    /// A driver reading `events` (a SUB socket that is already connected and subscribed);
    /// everything it does must finish within `timeout` from now.
    public init(events: ZMQSocket, timeout: Duration) {
        self.events = events
        self.timeout = timeout
        self.deadline = .now + timeout
    }

    /// Subscribes a new SUB socket on `context` to everything published at `endpoint`,
    /// connected through `security`.
    public static func subscriber(
        context: ZMQContext, endpoint: String, security: SocketSecurity = SocketSecurity()
    ) throws(RulebookError) -> ZMQSocket {
        let socket = try zmq(ZMQSocket(context: context, type: .sub))
        // A SUB socket sends only subscriptions: nothing worth lingering for at close.
        try zmq(socket.setLinger(milliseconds: 0))
        try zmq(socket.setReceiveHighWaterMark(0))
        try zmq(socket.subscribe())
        try security.connect(socket, to: endpoint)
        return socket
    }

    /// Waits until the persister and `validators` distinct validators have sent a heartbeat.
    public func awaitReady(
        validators: Int, health: () throws(RulebookError) -> Void
    ) throws(RulebookError) {
        while !persisterSeen || validatorsSeen.count < validators {
            if ContinuousClock.now >= deadline {
                throw .pipelineNotReady(
                    seconds: Self.seconds(timeout),
                    detail: "persister \(persisterSeen ? "ready" : "silent"), \(validatorsSeen.count) of \(validators) validator(s) reported")
            }
            try checkPulse(missing: 0, health: health)
            _ = try readEvents(runId: nil)
        }
        logger.debug("pipeline ready", metadata: ["validators": "\(validatorsSeen.count)"])
    }

    /// Sends the run and waits for its completion, resending what the persister did not
    /// acknowledge (see ``DeliveryTracker``); the persister stores each spec once however
    /// often it arrives. Sending straight to the validators (`rulebook check`), the driver is
    /// the one sender that resends them a spec; through a serving producer's intake, the
    /// producer is, and a resend reaches the validators only when the producer no longer
    /// holds the spec (it was restarted without it, or the spec was acknowledged).
    /// - Parameters:
    ///   - control: socket that carries `run.opened` to the persister (directly or via the intake).
    ///   - work: socket that carries the specs to the validators (directly or via the intake).
    ///   - rejections: specs of the run rejected before they were sent (files that could not be
    ///     read), sent to the persister on `control` and acknowledged like the others.
    ///   - answered: specs of the run answered without a validator (from the cache), sent to
    ///     the persister on `control` and acknowledged like the others.
    public func run(
        opened: CloudEvent<RunOpened>, specs: [CloudEvent<SpecSubmitted>], rejections: [CloudEvent<SpecRejected>] = [],
        answered: [CloudEvent<SpecValidated>] = [], control: ZMQSocket, work: ZMQSocket,
        policy: DeliveryPolicy = DeliveryPolicy(), health: () throws(RulebookError) -> Void
    ) throws(RulebookError) -> RunCompleted {
        let direct =
            rejections.map { (SpecKey(source: $0.data.specSource ?? $0.source, id: $0.data.specId ?? $0.id), codec.encode($0)) }
            + answered.map { (SpecKey(source: $0.data.specSource, id: $0.data.specId), codec.encode($0)) }
        // `drive` returns `nil` only when it does not wait for completion.
        return try drive(
            opened: opened, specs: specs, direct: direct, control: control, work: work, policy: policy,
            health: health, untilCompleted: true)!
    }

    /// Sends the run like ``run(opened:specs:rejections:control:work:policy:health:)`` but returns as soon
    /// as every spec is acknowledged, without waiting for `run.completed`: for clients that
    /// want verdicts (``onAck``) and may send specs stored before in another run, which
    /// never count towards this run's completion.
    public func deliver(
        opened: CloudEvent<RunOpened>, specs: [CloudEvent<SpecSubmitted>], control: ZMQSocket,
        work: ZMQSocket, policy: DeliveryPolicy = DeliveryPolicy(), health: () throws(RulebookError) -> Void
    ) throws(RulebookError) {
        _ = try drive(
            opened: opened, specs: specs, direct: [], control: control, work: work, policy: policy, health: health,
            untilCompleted: false)
    }

    /// - Parameter direct: events for the persister itself (rejections, answers), by spec.
    private func drive(
        opened: CloudEvent<RunOpened>, specs: [CloudEvent<SpecSubmitted>], direct: [(key: SpecKey, bytes: [UInt8])],
        control: ZMQSocket, work: ZMQSocket, policy: DeliveryPolicy, health: () throws(RulebookError) -> Void,
        untilCompleted: Bool
    ) throws(RulebookError) -> RunCompleted? {
        let runId = opened.data.runId
        let openedBytes = codec.encode(opened)
        try zmq(control.send(openedBytes))
        let keys = specs.map(SpecKey.init)
        let directByKey = Dictionary(direct.map { ($0.key, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        tracker = DeliveryTracker(keys: keys + directByKey.keys, policy: policy)
        sentBytes = [:]
        for (key, bytes) in directByKey {
            try zmq(control.send(bytes))
            sentBytes[key] = bytes
            tracker.sent(key)
        }
        let indexByKey = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var next = 0
        /// The next spec encoded, while the work socket has no room for it.
        var waiting: [UInt8]?
        var resends: [SpecKey] = []
        var lastReopen = ContinuousClock.now
        // Completion never stands in for a verdict: it ends the run only once every spec's
        // ack has arrived.
        var completion: RunCompleted?
        while true {
            while next < specs.count {
                let bytes = waiting ?? codec.encode(specs[next])
                guard try zmq(work.send(bytes, dontWait: true)) else {
                    waiting = bytes
                    break
                }
                waiting = nil
                sentBytes[keys[next]] = bytes
                tracker.sent(keys[next])
                next += 1
            }
            if next == specs.count {
                if resends.isEmpty {
                    resends = try dueResends(specs: specs, indexByKey: indexByKey, policy: policy)
                    if !resends.isEmpty {
                        logger.warning("resending unacknowledged specs", metadata: ["run": "\(runId)", "count": "\(resends.count)"])
                        _ = try zmq(control.send(openedBytes, dontWait: true))
                    }
                }
                // Each on its socket, until one has no room; one acknowledged meanwhile is skipped.
                while let key = resends.first {
                    if let bytes = sentBytes[key] {
                        guard try zmq((directByKey[key] == nil ? work : control).send(bytes, dontWait: true)) else { break }
                        tracker.sent(key)
                    }
                    resends.removeFirst()
                }
            }
            if let completed = try readEvents(runId: runId) {
                if completion == nil, tracker.pending > 0 {
                    // The persister stored the whole run but some acks reached no one (the
                    // events connection was down): a resend is answered from the store (or, when
                    // a serving producer still holds the spec, that producer's own resend is).
                    logger.warning("run completed with acks missing; asking again", metadata: ["run": "\(runId)", "count": "\(tracker.pending)"])
                    resends = tracker.unacknowledged
                }
                completion = completed
            }
            if tracker.pending == 0, let completion, untilCompleted { return completion }
            if !untilCompleted && tracker.pending == 0 { return nil }
            if tracker.pending == 0, ContinuousClock.now - max(tracker.lastProgress ?? lastReopen, lastReopen) >= policy.ackTimeout {
                // Every spec is stored but `run.completed` went missing: reopening asks again.
                _ = try zmq(control.send(openedBytes, dontWait: true))
                lastReopen = .now
            }
            try checkPulse(missing: tracker.pending, health: health)
        }
    }

    /// Specs due for a resend; a spec out of attempts fails the run, named by its files.
    private func dueResends(
        specs: [CloudEvent<SpecSubmitted>], indexByKey: [SpecKey: Int], policy: DeliveryPolicy
    ) throws(RulebookError) -> [SpecKey] {
        let due = tracker.due()
        guard due.exhausted.isEmpty else {
            let names = due.exhausted.map { key in
                guard let index = indexByKey[key] else { return key.id }
                let spec = specs[index].data
                return spec.files?.first?.path ?? spec.declared?.file ?? spec.feature
            }
            throw .deliveryFailed(attempts: policy.maxAttempts, missing: names)
        }
        return due.resend
    }

    /// Specs resent after a timeout during the last run.
    public var resentCount: Int { tracker.resent }

    private func checkPulse(missing: Int, health: () throws(RulebookError) -> Void) throws(RulebookError) {
        if StopSignal.isRequested { throw .interrupted }
        try health()
        if ContinuousClock.now >= deadline {
            throw .runTimedOut(seconds: Self.seconds(timeout), missing: missing)
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Reads what is waiting on the events socket (after a short poll); returns the run's
    /// completion if it arrived.
    private func readEvents(runId: String?) throws(RulebookError) -> RunCompleted? {
        guard try zmq(ZMQPoller.readable([events], timeoutMillis: 20))[0] else { return nil }
        while let frames = try zmq(events.receiveMessage(dontWait: true)) {
            guard frames.count == 1 else { continue }
            switch codec.inspect(frames[0]).event {
            case .success(.workerHeartbeat(let beat)):
                if beat.data.role == .persister { persisterSeen = true }
                if beat.data.role == .validator { validatorsSeen.insert(beat.data.worker) }
            case .success(.specPersisted(let ack)) where ack.data.runId == runId:
                let key = SpecKey(ack.data)
                if tracker.acknowledged(key) {
                    sentBytes[key] = nil
                    onAck(ack.data)
                }
            case .success(.runCompleted(let completed)) where completed.data.runId == runId:
                return completed.data
            default:
                continue
            }
        }
        return nil
    }
}
