import Foundation
import Logging
import RulebookCore
import ZeroMQ

/// The producer's service mode: binds the intake (PULL) and work (PUSH) sockets, forwards
/// `spec.submitted` events (wrapping bare declared specs) to the validators and `run.opened`
/// to the persister, and answers every bad message with a `spec.rejected` event stored by
/// the persister.
public final class ProducerIntakeWorker {
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

    public init(endpoints: Endpoints, settings: WorkerSettings) {
        self.endpoints = endpoints
        self.settings = settings
    }

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
        logger.info("producer serving", metadata: ["intake": "\(endpoints.intake)", "work": "\(endpoints.work)", "run": "\(serviceRunId)"])

        let opened = RunOpened(runId: serviceRunId, expectedSpecs: nil, tool: "rulebook-producer serve", paths: [])
        try results.send(codec.encode(CloudEvent(source: identity.source, runId: serviceRunId, data: opened)))

        let decoder = IntakeDecoder(source: identity.source + "/intake", defaultRunId: serviceRunId, codec: codec)
        let watch = ParentWatch(parentPID: settings.parentPID)
        var heartbeat = IntervalTimer(interval: settings.heartbeatInterval, fireImmediately: true)
        while !WorkerLoop.shouldStop(watch) {
            if heartbeat.isDue() { sendHeartbeat(on: results, intervalMillis: heartbeat.intervalMillis) }
            guard try ZMQPoller.readable([intake], timeoutMillis: WorkerLoop.pollMillis)[0] else { continue }
            while !WorkerLoop.shouldStop(watch), let frames = try intake.receiveMessage(dontWait: true) {
                received += 1
                try route(frames, decoder: decoder, work: work, results: results, watch: watch)
            }
        }
        logger.info("producer stopping")
    }

    private func route(
        _ frames: [[UInt8]], decoder: IntakeDecoder, work: ZMQSocket, results: ZMQSocket, watch: ParentWatch
    ) throws(RulebookError) {
        do throws(RulebookError) {
            if let error = settings.sizeError(WorkerLoop.size(of: frames)) { throw error }
            guard frames.count == 1 else { throw .unexpectedMultipart(frames: frames.count) }
            switch try decoder.decode(frames[0]) {
            case .spec(let event):
                logger.debug("spec accepted", metadata: ["spec": "\(event.id)", "run": "\(event.runid ?? "")"])
                if try WorkerLoop.send(codec.encode(event), on: work, watch: watch) { forwarded += 1 }
            case .runOpened(let event):
                _ = try WorkerLoop.send(codec.encode(event), on: results, watch: watch)
            }
        } catch {
            guard error.code.hasPrefix("RB1") else { throw error }
            rejected += 1
            logger.warning("rejected intake message", metadata: ["code": "\(error.code)", "reason": "\(error.message)"])
            _ = try WorkerLoop.send(codec.encode(rejection(of: frames, error: error)), on: results, watch: watch)
        }
    }

    /// The `spec.rejected` event answering a bad intake message. It names the message's id
    /// and source (so the sender gets an ack) unless the message is some other known event.
    private func rejection(of frames: [[UInt8]], error: RulebookError) -> CloudEvent<SpecRejected> {
        var identity = frames.count == 1 ? codec.inspect(frames[0]).identity : EventIdentity()
        if case .unexpectedEventType = error { identity = EventIdentity(runid: identity.runid) }
        let rejection = SpecRejected(
            specId: identity.id, specSource: identity.source, error: error, stage: .intake,
            excerpt: WorkerLoop.excerpt(frames))
        return CloudEvent(source: self.identity.source, runId: identity.runid ?? serviceRunId, data: rejection)
    }

    /// Heartbeats travel to the persister, which publishes them on the events socket.
    private func sendHeartbeat(on results: ZMQSocket, intervalMillis: Int) {
        let beat = WorkerHeartbeat(
            worker: identity.name, role: .producer, pid: Int(identity.pid), received: received,
            processed: forwarded, rejected: rejected, intervalMillis: intervalMillis)
        _ = try? results.send(codec.encode(CloudEvent(source: identity.source, runId: nil, data: beat)), dontWait: true)
    }
}
