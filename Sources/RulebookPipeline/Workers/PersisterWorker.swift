import Foundation
import Logging
import RulebookCore
import RulebookStore
import RulebookWire
import ZeroMQ

/// The persister: PULLs results, stores them idempotently (one transaction per batch) in
/// SQLite (a thread of its own checkpoints the WAL, a commit only to let a 64 MiB log start
/// over) or in PostgreSQL (which several persisters may share), and PUBlishes acks
/// (`spec.persisted`), `run.completed`, its own heartbeats and the validators' heartbeats on
/// the events socket.
public final class PersisterWorker {
    /// Most messages stored in one transaction.
    static let maxBatch = 512

    private let endpoints: Endpoints
    private let settings: WorkerSettings
    private let database: DatabaseLocation
    private let store: any ResultStore
    private let identity = WorkerIdentity(role: "persister")
    private let codec = EventCodec()
    private let logger = Logger(label: "rulebook.persister")
    private var received = 0
    private var stored = 0
    private var duplicates = 0
    private var rejected = 0
    private var lastError: RecentError?
    private var heartbeats = RecentHeartbeats()

    public init(endpoints: Endpoints, settings: WorkerSettings, database: DatabaseLocation, retention: RunRetention = .all) throws(RulebookError) {
        self.endpoints = endpoints
        self.settings = settings
        self.database = database
        self.store = try database.open(checkpointing: .background, retention: retention)
    }

    /// Runs until SIGINT/SIGTERM (or the parent goes away); what was received is stored
    /// before it exits.
    public func run() throws(RulebookError) {
        let context = try settings.security.makeContext()
        let results = try zmq(ZMQSocket(context: context, type: .pull))
        try zmq(results.setMaxMessageSize(settings.socketMessageCap))
        try settings.security.bind(results, to: endpoints.results)
        // XPUB: a new subscriber is answered at once with who is alive (``RecentHeartbeats``).
        let events = try zmq(ZMQSocket(context: context, type: .xpub))
        try zmq(events.setVerboseSubscriptions(true))
        try zmq(events.setSendHighWaterMark(100_000))
        try settings.security.bind(events, to: endpoints.events)
        let checkpointer = try startCheckpointer()
        defer { checkpointer?.stop() }
        logger.info("persister started", metadata: ["results": "\(endpoints.results)", "events": "\(endpoints.events)", "db": "\(store.location)"])

        let watch = ParentWatch(parentPID: settings.parentPID)
        var heartbeat = IntervalTimer(interval: settings.heartbeatInterval, fireImmediately: true)
        while !WorkerLoop.shouldStop(watch) {
            if heartbeat.isDue() { publishHeartbeat(on: events, intervalMillis: heartbeat.intervalMillis) }
            let readable = try zmq(ZMQPoller.readable([results, events], timeoutMillis: WorkerLoop.pollMillis))
            if readable[1] { try greetSubscribers(on: events, intervalMillis: heartbeat.intervalMillis) }
            guard readable[0] else { continue }
            try drainBatch(from: results, publishingOn: events)
        }
        // Store whatever already arrived before exiting.
        try drainBatch(from: results, publishingOn: events)
        logger.info("persister stopping", metadata: ["stored": "\(stored)", "rejected": "\(rejected)"])
    }

    /// The thread that checkpoints a SQLite store's log; PostgreSQL needs none.
    private func startCheckpointer() throws(RulebookError) -> WALCheckpointer? {
        guard case .sqlite(let path) = database else { return nil }
        do {
            return try WALCheckpointer(path: path)
        } catch {
            throw .databaseUnavailable(path: path, reason: String(describing: error))
        }
    }

    /// Reads the subscriptions waiting on `events`; when one is new, publishes this
    /// persister's heartbeat and replays the workers' fresh ones.
    private func greetSubscribers(on events: ZMQSocket, intervalMillis: Int) throws(RulebookError) {
        var subscribed = false
        while let frames = try zmq(events.receiveMessage(dontWait: true)) {
            if frames.first?.first == 1 { subscribed = true }
        }
        guard subscribed else { return }
        publishHeartbeat(on: events, intervalMillis: intervalMillis)
        for frame in heartbeats.fresh() { _ = try? events.send(frame, dontWait: true) }
    }

    private func drainBatch(from results: ZMQSocket, publishingOn events: ZMQSocket) throws(RulebookError) {
        var commands: [StoreCommand] = []
        while commands.count < Self.maxBatch, let frames = try zmq(results.receiveMessage(dontWait: true)) {
            received += 1
            if let command = command(for: frames, forwardingOn: events) { commands.append(command) }
        }
        guard !commands.isEmpty else { return }
        let outcome = try store.apply(commands)
        stored += outcome.acks.count
        for ack in outcome.acks {
            if ack.duplicate { duplicates += 1 }
            logger.debug(
                "spec stored",
                metadata: ["run": "\(ack.runId)", "spec": "\(ack.specId)", "status": "\(ack.status.rawValue)", "duplicate": "\(ack.duplicate)"])
            try zmq(events.send(codec.encode(CloudEvent(source: identity.source, runId: ack.runId, data: ack))))
        }
        for completed in outcome.completedRuns {
            logger.info("run completed", metadata: ["run": "\(completed.runId)", "specs": "\(completed.summary.specs)"])
            try zmq(events.send(codec.encode(CloudEvent(source: identity.source, runId: completed.runId, data: completed))))
        }
    }

    /// What to store for one message; heartbeats are re-published instead.
    private func command(for frames: [[UInt8]], forwardingOn events: ZMQSocket) -> StoreCommand? {
        if let error = settings.sizeError(WorkerLoop.size(of: frames)) {
            return rejection(error, runId: nil, frames: frames)
        }
        guard frames.count == 1 else {
            return rejection(.unexpectedMultipart(frames: frames.count), runId: nil, frames: frames)
        }
        let inspected = codec.inspect(frames[0], expecting: .specValidated)
        switch inspected.event {
        case .success(.specValidated(let event)):
            return .validated(runId: event.runid ?? "unassigned", event.data)
        case .success(.specRejected(let event)):
            rejected += 1
            lastError = RecentError(code: event.data.code, message: event.data.message, time: event.time ?? Timestamp.string(from: Date()))
            return .rejected(runId: event.runid, event.data)
        case .success(.runOpened(let event)):
            return .openRun(event.data)
        case .success(.workerHeartbeat(let beat)):
            heartbeats.record(beat.data, frame: frames[0])
            _ = try? events.send(frames[0], dontWait: true)
            return nil
        case .success:
            return rejection(
                .unexpectedEventType(type: inspected.header?.type.rawValue ?? "?", socket: "results"),
                runId: inspected.identity.runid, frames: frames)
        case .failure(let error):
            return rejection(error, runId: inspected.identity.runid, frames: frames)
        }
    }

    private func rejection(_ error: RulebookError, runId: String?, frames: [[UInt8]]) -> StoreCommand {
        rejected += 1
        lastError = RecentError(error)
        logger.warning("rejected message on results socket", metadata: ["code": "\(error.code)", "reason": "\(error.message)"])
        // A bad result message names no spec of a run: it is stored, but acknowledges nothing.
        return .rejected(
            runId: runId,
            SpecRejected(specId: nil, specSource: nil, error: error, stage: .persister, excerpt: WorkerLoop.excerpt(frames)))
    }

    private func publishHeartbeat(on events: ZMQSocket, intervalMillis: Int) {
        let beat = WorkerHeartbeat(
            worker: identity.name, role: .persister, pid: Int(identity.pid), received: received,
            processed: stored, rejected: rejected, intervalMillis: intervalMillis, stored: stored - duplicates,
            duplicates: duplicates, lastError: lastError)
        _ = try? events.send(codec.encode(CloudEvent(source: identity.source, runId: nil, data: beat)), dontWait: true)
    }
}
