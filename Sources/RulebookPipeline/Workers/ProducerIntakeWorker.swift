import Foundation
import Logging
import RulebookCore
import RulebookStore
import RulebookWire
import ZeroMQ

/// The producer's service mode: binds the intake (PULL) and work (PUSH) sockets, forwards
/// `spec.submitted` events (wrapping bare declared specs) to the validators and `run.opened`
/// to the persister, and answers every bad message with a `spec.rejected` event stored by
/// the persister. Every accepted spec is written to the journal (``ProducerJournal``, one
/// transaction per burst of intake) before it is forwarded, and stays there until the
/// persister acknowledges it on the events socket; unacknowledged specs are resent after a
/// quiet timeout (at-least-once), a spec out of attempts is reported as RB505, and a producer
/// restarted on the same journal sends again everything it holds. The producer alone resends
/// what it holds: a client's copy of such a spec (same source + id) is not forwarded. The
/// specs of a burst are forwarded together (one wake-up of the work socket's I/O thread, not
/// one per spec).
///
/// The intake is read on while specs wait for room on the work socket (they wait in the
/// journal, up to ``backlogCapacity``), so what a `kill -9` loses is only what the producer
/// had not read: at most ``intakeQueueDepth`` messages per client connection queued in
/// libzmq, the burst being read, and what the kernel's socket buffers held. While the journal
/// or its backlog is full (in specs or in bytes), the intake is not read, so senders are
/// slowed down instead of the journal growing. Acks are read after every turn of the loop;
/// while the intake may be read and nothing waits, only the intake (or the poll's timeout)
/// wakes the loop, so an ack costs no wake-up of its own (at 1,000 specs/s, one wake-up per
/// spec instead of two).
public final class ProducerIntakeWorker {
    /// Most specs accepted and not acknowledged yet (on disk; those in flight in memory too).
    static let journalCapacity = 50_000
    /// Most bytes of specs accepted and not acknowledged yet.
    static let journalByteCapacity = 256 << 20
    /// Most specs accepted and not sent yet, and their bytes: what the intake reads ahead of
    /// the validators, so that a burst waits in the journal rather than in socket buffers that
    /// a killed producer loses. Kept in memory too (the journal is only read at a restart), and
    /// small enough that their pages stay in SQLite's cache.
    static let backlogCapacity = 1_024
    static let backlogByteCapacity = 16 << 20
    /// Most intake messages read in one turn of the loop and journaled in one transaction (a
    /// commit per message would cost more than the rest of the intake), so acks are read in
    /// between.
    public static let intakeBurst = 64
    /// `ZMQ_RCVHWM` of the intake, per client connection. What libzmq has received and the
    /// producer has not read is lost if the producer is killed, so this queue is kept short;
    /// beyond it a client's messages wait in the client's own queue, which survives a producer
    /// restart. Not shorter: on `ipc://`, libzmq 4.3 drops what the kernel still buffers from a
    /// client that disconnects while this queue is full (zeromq/libzmq#4660), and with a
    /// quarter of this depth that cut the tail off bursts of ordinary specs from clients that
    /// close right after sending (RELIABILITY.md).
    public static let intakeQueueDepth: Int32 = 512

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
    private var journal: ProducerJournal
    /// The specs of the burst being read, journaled together when it ends.
    private var burst: [JournaledSpec] = []
    /// Bytes of the specs in `burst`.
    private var burstBytes = 0

    /// Opens (creating if needed) the journal at `journalPath`; specs it holds from an earlier
    /// run are sent again once the producer runs.
    public init(
        endpoints: Endpoints, settings: WorkerSettings, delivery: DeliveryPolicy = DeliveryPolicy(), journalPath: String
    ) throws(RulebookError) {
        self.endpoints = endpoints
        self.settings = settings
        self.journal = try ProducerJournal(store: IntakeJournal(path: journalPath), policy: delivery)
    }

    /// Resends sent by the journal so far.
    public var resent: Int { journal.resent }

    /// Runs until SIGINT/SIGTERM.
    public func run() throws(RulebookError) {
        let context = try settings.security.makeContext()
        let intake = try zmq(ZMQSocket(context: context, type: .pull))
        try zmq(intake.setMaxMessageSize(settings.socketMessageCap))
        try zmq(intake.setReceiveHighWaterMark(Self.intakeQueueDepth))
        try settings.security.bind(intake, to: endpoints.intake)
        let work = try zmq(ZMQSocket(context: context, type: .push))
        try zmq(work.setSendHighWaterMark(WorkerSettings.workQueueDepth))
        try settings.security.bind(work, to: endpoints.work)
        let results = try zmq(ZMQSocket(context: context, type: .push))
        try settings.security.connect(results, to: endpoints.results)
        let events = try zmq(ZMQSocket(context: context, type: .sub))
        try zmq(events.setLinger(milliseconds: 0))
        try zmq(events.setReceiveHighWaterMark(0))
        try zmq(events.subscribe())
        try settings.security.connect(events, to: endpoints.events)
        logger.info("producer serving", metadata: ["intake": "\(endpoints.intake)", "work": "\(endpoints.work)", "run": "\(serviceRunId)"])
        if journal.restored > 0 {
            logger.notice("sending again the specs journaled before a restart", metadata: ["count": "\(journal.restored)"])
        }

        let opened = RunOpened(runId: serviceRunId, expectedSpecs: nil, tool: "rulebook-producer serve", paths: [])
        try zmq(results.send(codec.encode(CloudEvent(source: identity.source, runId: serviceRunId, data: opened))))

        let decoder = IntakeDecoder(source: identity.source + "/intake", defaultRunId: serviceRunId, codec: codec)
        let watch = ParentWatch(parentPID: settings.parentPID)
        var heartbeat = IntervalTimer(interval: settings.heartbeatInterval, fireImmediately: true)
        while !WorkerLoop.shouldStop(watch) {
            if heartbeat.isDue() { sendHeartbeat(on: results, intervalMillis: heartbeat.intervalMillis) }
            // The intake wakes the loop while it may be read, and room on the work socket while
            // specs wait for it; acks are read after every turn anyway, so they wake it only
            // while specs wait or the journal is full.
            let waiting = journal.hasUnsent
            let readsIntake = hasRoomForBurst
            var polled: [(socket: ZMQSocket, readiness: ZMQPoller.Readiness)] = []
            if readsIntake { polled.append((intake, .readable)) }
            if waiting { polled.append((work, .writable)) }
            if waiting || !readsIntake { polled.append((events, .readable)) }
            let ready = try zmq(ZMQPoller.ready(polled, timeoutMillis: WorkerLoop.pollMillis))
            try readAcks(from: events)
            // Specs waiting go out before the intake is journaled, so the validators are not
            // left idle for a commit.
            if waiting { try forwardUnsent(on: work) }
            if readsIntake && ready[0] {
                var read = 0
                while read < Self.intakeBurst, acceptsIntake, !WorkerLoop.shouldStop(watch),
                    let frames = try zmq(intake.receiveMessage(dontWait: true))
                {
                    read += 1
                    received += 1
                    try route(frames, decoder: decoder, results: results, watch: watch)
                }
                // On disk before any of it is forwarded.
                let copies = try journal.accept(burst)
                if copies > 0 { logger.debug("not forwarding copies of specs already held", metadata: ["count": "\(copies)"]) }
                burst.removeAll(keepingCapacity: true)
                burstBytes = 0
            }
            if journal.hasUnsent { try forwardUnsent(on: work) }
            try resendDue(work: work, results: results, watch: watch)
            // Acks not deleted with a burst of intake this turn.
            try journal.commitReleases()
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
                burst.append(JournaledSpec(source: spec.source, id: spec.id, runId: spec.runid, event: spec.forward))
                burstBytes += spec.forward.count
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

    /// Whether the journal has room for a whole burst: under load the intake is then read in
    /// full bursts, one commit each, rather than a few specs at a time as room frees up.
    private var hasRoomForBurst: Bool {
        journal.count + Self.intakeBurst <= Self.journalCapacity && journal.heldBytes < Self.journalByteCapacity
            && journal.unsentCount + Self.intakeBurst <= Self.backlogCapacity && journal.queuedBytes < Self.backlogByteCapacity
    }

    /// Whether the journal has room for another spec (counting the burst being read).
    private var acceptsIntake: Bool {
        journal.count + burst.count < Self.journalCapacity && journal.heldBytes + burstBytes < Self.journalByteCapacity
            && journal.unsentCount + burst.count < Self.backlogCapacity && journal.queuedBytes + burstBytes < Self.backlogByteCapacity
    }

    /// Sends the journaled specs not sent yet to the validators, oldest first, until the work
    /// socket has no room (the rest then wait, and the loop polls the socket too).
    private func forwardUnsent(on work: ZMQSocket) throws(RulebookError) {
        while let unsent = try journal.nextUnsent() {
            guard try zmq(work.send(unsent.spec.event, dontWait: true)) else { return }
            journal.sent(unsent)
            forwarded += 1
        }
    }

    /// Takes acknowledged specs out of the journal (off the disk with the next burst, or at
    /// the end of the turn).
    private func readAcks(from events: ZMQSocket) throws(RulebookError) {
        while let frames = try zmq(events.receiveMessage(dontWait: true)) {
            guard frames.count == 1, let acked = AckedSpec.inFrame(frames[0], codec: codec) else { continue }
            _ = journal.acknowledge(acked)
        }
    }

    /// Resends what waited too long for its ack; reports specs out of attempts as RB505.
    private func resendDue(work: ZMQSocket, results: ZMQSocket, watch: ParentWatch) throws(RulebookError) {
        guard journal.hasInFlight else { return }
        let due = journal.due()
        if !due.resend.isEmpty {
            logger.warning("resending unacknowledged specs", metadata: ["count": "\(due.resend.count)"])
        }
        for key in due.resend {
            guard let spec = journal.inFlightSpec(key), try WorkerLoop.send(spec.bytes, on: work, watch: watch) else { return }
            journal.resent(key)
        }
        for key in due.exhausted {
            guard let event = journal.giveUp(key) else { continue }
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
            processed: forwarded, rejected: rejected, intervalMillis: intervalMillis, queueDepth: journal.inFlightCount,
            resent: journal.resent, lastError: lastError)
        _ = try? results.send(codec.encode(CloudEvent(source: identity.source, runId: nil, data: beat)), dontWait: true)
    }
}
