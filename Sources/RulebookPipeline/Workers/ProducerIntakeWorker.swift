import Foundation
import Logging
import RulebookCore
import ZeroMQ

/// The producer's service mode: binds the intake (PULL) and work (PUSH) sockets, forwards
/// `spec.submitted` events (wrapping bare declared specs) to the validators and `run.opened`
/// to the persister, and answers every bad message with a `spec.rejected` event stored by
/// the persister. It journals every forwarded spec until the persister acknowledges it on
/// the events socket and resends it after a quiet timeout (at-least-once); a spec out of
/// attempts is reported as RB505. The specs of a burst of intake are forwarded together
/// (one wake-up of the work socket's I/O thread, not one per spec). While the journal is
/// full (in specs or in bytes), or specs wait for room on the work socket, the intake is
/// not read, so senders are slowed down instead of memory growing. Acks are read after every
/// turn of the loop; while the intake may be read, only the intake (or the poll's timeout)
/// wakes the loop, so an ack costs no wake-up of its own (at 1,000 specs/s, one wake-up per
/// spec instead of two).
public final class ProducerIntakeWorker {
    /// Most specs in flight (forwarded, not yet acknowledged).
    static let journalCapacity = 50_000
    /// Most bytes of specs in flight.
    static let journalByteCapacity = 256 << 20
    /// Most intake messages read in one turn of the loop, so acks are read in between.
    static let intakeBurst = 64

    private let endpoints: Endpoints
    private let settings: WorkerSettings
    private let identity = WorkerIdentity(role: "producer")
    private let codec = EventCodec()
    private let logger = Logger(label: "rulebook.producer")
    /// The run given to specs that name none.
    public let serviceRunId = "serve-" + UUID().uuidString.lowercased()
    private var received = 0
    private var forwarded = 0
    private var rejected = 0
    private var lastError: RecentError?
    private var journal: DeliveryTracker
    /// The journal's specs, encoded as sent, to resend them.
    private var inFlight: [String: InFlightSpec] = [:]
    /// Bytes of the specs in `inFlight`.
    private var inFlightBytes = 0
    /// Journal keys of accepted specs not sent to the validators yet, oldest first from
    /// `unsentStart`: the burst being read, or what the work socket had no room for.
    private var unsent: [String] = []
    private var unsentStart = 0

    public init(endpoints: Endpoints, settings: WorkerSettings, delivery: DeliveryPolicy = DeliveryPolicy()) {
        self.endpoints = endpoints
        self.settings = settings
        self.journal = DeliveryTracker(policy: delivery)
    }

    /// Resends sent by the journal so far.
    public var resent: Int { journal.resent }

    /// Runs until SIGINT/SIGTERM.
    public func run() throws(RulebookError) {
        let context = try settings.security.makeContext()
        let intake = try ZMQSocket(context: context, type: .pull)
        try intake.setMaxMessageSize(settings.socketMessageCap)
        try settings.security.bind(intake, to: endpoints.intake)
        let work = try ZMQSocket(context: context, type: .push)
        try work.setSendHighWaterMark(WorkerSettings.workQueueDepth)
        try settings.security.bind(work, to: endpoints.work)
        let results = try ZMQSocket(context: context, type: .push)
        try settings.security.connect(results, to: endpoints.results)
        let events = try ZMQSocket(context: context, type: .sub)
        try events.setLinger(milliseconds: 0)
        try events.setReceiveHighWaterMark(0)
        try events.subscribe()
        try settings.security.connect(events, to: endpoints.events)
        logger.info("producer serving", metadata: ["intake": "\(endpoints.intake)", "work": "\(endpoints.work)", "run": "\(serviceRunId)"])

        let opened = RunOpened(runId: serviceRunId, expectedSpecs: nil, tool: "rulebook-producer serve", paths: [])
        try results.send(codec.encode(CloudEvent(source: identity.source, runId: serviceRunId, data: opened)))

        let decoder = IntakeDecoder(source: identity.source + "/intake", defaultRunId: serviceRunId, codec: codec)
        let watch = ParentWatch(parentPID: settings.parentPID)
        var heartbeat = IntervalTimer(interval: settings.heartbeatInterval, fireImmediately: true)
        while !WorkerLoop.shouldStop(watch) {
            if heartbeat.isDue() { sendHeartbeat(on: results, intervalMillis: heartbeat.intervalMillis) }
            // While the intake may be read, only the intake wakes the loop: acks are read after
            // every turn anyway, so an ack costs no wake-up of its own. While specs wait for
            // room on the work socket, or the journal is full, acks and room wake it.
            let waiting = hasUnsent
            let readsIntake = acceptsIntake  // never while specs wait
            let polled: [(socket: ZMQSocket, readiness: ZMQPoller.Readiness)] =
                waiting ? [(events, .readable), (work, .writable)]
                : readsIntake ? [(intake, .readable)] : [(events, .readable)]
            let ready = try ZMQPoller.ready(polled, timeoutMillis: WorkerLoop.pollMillis)
            try readAcks(from: events)
            // The last socket polled is the work socket or the intake, unless only acks can help.
            if (waiting || readsIntake) && ready.last == true {
                if !waiting {
                    var burst = 0
                    while burst < Self.intakeBurst, acceptsIntake, !WorkerLoop.shouldStop(watch),
                        let frames = try intake.receiveMessage(dontWait: true)
                    {
                        burst += 1
                        received += 1
                        try route(frames, decoder: decoder, results: results, watch: watch)
                    }
                }
                try forwardUnsent(on: work)
            }
            try resendDue(work: work, results: results, watch: watch)
        }
        logger.info("producer stopping")
    }

    private func route(_ frames: [[UInt8]], decoder: IntakeDecoder, results: ZMQSocket, watch: ParentWatch) throws(RulebookError) {
        do throws(RulebookError) {
            if let error = settings.sizeError(WorkerLoop.size(of: frames)) { throw error }
            guard frames.count == 1 else { throw .unexpectedMultipart(frames: frames.count) }
            switch try decoder.accept(frames[0]) {
            case .spec(let spec):
                logger.debug("spec accepted", metadata: ["spec": "\(spec.id)", "run": "\(spec.runid)"])
                let key = Self.key(source: spec.source, id: spec.id)
                hold(InFlightSpec(id: spec.id, source: spec.source, runid: spec.runid, bytes: spec.forward), as: key)
                journal.add(key)
                unsent.append(key)
            case .runOpened(let event):
                _ = try WorkerLoop.send(codec.encode(event), on: results, watch: watch)
            }
        } catch {
            guard error.code.hasPrefix("RB1") else { throw error }
            rejected += 1
            lastError = RecentError(error)
            let answer = rejection(of: frames, error: error)
            logger.warning(
                "rejected intake message",
                metadata: [
                    "run": "\(answer.runid ?? "")", "spec": "\(answer.data.specId ?? "")", "code": "\(error.code)",
                    "reason": "\(error.message)",
                ])
            _ = try WorkerLoop.send(codec.encode(answer), on: results, watch: watch)
        }
    }

    /// Whether the journal has room for another spec and nothing waits to be sent.
    private var acceptsIntake: Bool {
        !hasUnsent && journal.pending < Self.journalCapacity && inFlightBytes < Self.journalByteCapacity
    }

    /// Whether accepted specs wait to be sent to the validators.
    private var hasUnsent: Bool { unsentStart < unsent.count }

    /// Sends the journaled specs not sent yet to the validators, in order, until the work
    /// socket has no room (the rest then wait, and the loop polls the socket instead of
    /// reading the intake). A spec acknowledged meanwhile (a copy sent earlier) is skipped.
    private func forwardUnsent(on work: ZMQSocket) throws(RulebookError) {
        while unsentStart < unsent.count {
            let key = unsent[unsentStart]
            if let spec = inFlight[key] {
                guard try work.send(spec.bytes, dontWait: true) else { return }
                journal.sent(key)
                forwarded += 1
            }
            unsentStart += 1
        }
        unsent.removeAll(keepingCapacity: true)
        unsentStart = 0
    }

    /// Keeps a spec in the journal's memory (replacing an earlier copy under the same key).
    private func hold(_ spec: InFlightSpec, as key: String) {
        if let earlier = inFlight.updateValue(spec, forKey: key) { inFlightBytes -= earlier.bytes.count }
        inFlightBytes += spec.bytes.count
    }

    /// Takes a spec out of the journal's memory.
    private func release(_ key: String) -> InFlightSpec? {
        guard let spec = inFlight.removeValue(forKey: key) else { return nil }
        inFlightBytes -= spec.bytes.count
        return spec
    }

    /// The journal key of a spec: the CloudEvents dedupe key, source + id.
    private static func key(source: String, id: String) -> String { source + "\u{0}" + id }

    /// Takes acknowledged specs out of the journal.
    private func readAcks(from events: ZMQSocket) throws(RulebookError) {
        while let frames = try events.receiveMessage(dontWait: true) {
            guard frames.count == 1, let acked = AckedSpec.inFrame(frames[0], codec: codec) else { continue }
            let key = Self.key(source: acked.source, id: acked.id)
            if journal.acknowledged(key) { _ = release(key) }
        }
    }

    /// Resends what waited too long for its ack; reports specs out of attempts as RB505.
    private func resendDue(work: ZMQSocket, results: ZMQSocket, watch: ParentWatch) throws(RulebookError) {
        guard journal.pending > 0 else { return }
        let due = journal.due()
        if !due.resend.isEmpty {
            logger.warning("resending unacknowledged specs", metadata: ["count": "\(due.resend.count)"])
        }
        for key in due.resend {
            guard let spec = inFlight[key], try WorkerLoop.send(spec.bytes, on: work, watch: watch) else { return }
            journal.sent(key)
        }
        for key in due.exhausted {
            journal.drop(key)
            guard let event = release(key) else { continue }
            let error = RulebookError.deliveryFailed(attempts: journal.maxAttempts, missing: [event.id])
            lastError = RecentError(error)
            logger.error("giving up on a spec", metadata: ["spec": "\(event.id)", "code": "\(error.code)"])
            let rejection = SpecRejected(specId: event.id, specSource: event.source, error: error, stage: .intake)
            _ = try WorkerLoop.send(
                codec.encode(CloudEvent(source: identity.source, runId: event.runid ?? serviceRunId, data: rejection)),
                on: results, watch: watch)
        }
    }

    /// The `spec.rejected` event answering a bad intake message. It names the message's id
    /// and source whenever they can be read (so a sender waiting for the verdict gets its
    /// ack), from the first frame of a multipart message too, unless the message is another
    /// known event: a refused `run.opened` is stored as a rejection of no spec.
    private func rejection(of frames: [[UInt8]], error: RulebookError) -> CloudEvent<SpecRejected> {
        let salvaged = frames.first.flatMap(EventIdentity.salvaged(from:))
        var identity = salvaged?.identity ?? EventIdentity()
        if let type = salvaged?.type.flatMap(EventType.init(rawValue:)), type != .specSubmitted {
            identity = EventIdentity(runid: identity.runid)
        }
        let rejection = SpecRejected(
            specId: identity.id, specSource: identity.source, error: error, stage: .intake,
            excerpt: WorkerLoop.excerpt(frames))
        return CloudEvent(source: self.identity.source, runId: identity.runid ?? serviceRunId, data: rejection)
    }

    /// Heartbeats travel to the persister, which publishes them on the events socket.
    private func sendHeartbeat(on results: ZMQSocket, intervalMillis: Int) {
        let beat = WorkerHeartbeat(
            worker: identity.name, role: .producer, pid: Int(identity.pid), received: received,
            processed: forwarded, rejected: rejected, intervalMillis: intervalMillis, queueDepth: journal.pending,
            resent: journal.resent, lastError: lastError)
        _ = try? results.send(codec.encode(CloudEvent(source: identity.source, runId: nil, data: beat)), dontWait: true)
    }
}

/// A forwarded spec awaiting its ack: what a resend and a give-up need, not the decoded
/// spec (a full journal holds tens of thousands).
private struct InFlightSpec {
    let id: String
    let source: String
    let runid: String?
    /// The event as sent to the validators.
    let bytes: [UInt8]
}
