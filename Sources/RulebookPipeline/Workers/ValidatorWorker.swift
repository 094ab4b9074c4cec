import Foundation
import Logging
import RulebookCore
import RulebookWire
import ZeroMQ

/// The validator: PULLs specs from the work socket, runs the rules and PUSHes
/// `spec.validated` or `spec.rejected` to the persister. Stateless; run any number. Bad
/// input is answered, never fatal.
public final class ValidatorWorker {
    /// Most answers held back to be sent together.
    static let answerBurst = 16

    private let endpoints: Endpoints
    private let settings: WorkerSettings
    private let checker: SpecChecker
    private let identity = WorkerIdentity(role: "validator")
    private let codec = EventCodec()
    private let logger = Logger(label: "rulebook.validator")
    private var received = 0
    private var validated = 0
    private var rejected = 0
    private var lastError: RecentError?

    public init(endpoints: Endpoints, settings: WorkerSettings, checker: SpecChecker = SpecChecker()) {
        self.endpoints = endpoints
        self.settings = settings
        self.checker = checker
    }

    /// Runs until SIGINT/SIGTERM (or the parent goes away), then closes its sockets.
    public func run() throws(RulebookError) {
        let context = try settings.security.makeContext()
        let work = try zmq(ZMQSocket(context: context, type: .pull))
        try zmq(work.setMaxMessageSize(settings.socketMessageCap))
        try zmq(work.setReceiveHighWaterMark(WorkerSettings.workQueueDepth))
        try settings.security.connect(work, to: endpoints.work)
        let results = try zmq(ZMQSocket(context: context, type: .push))
        try zmq(results.setSendHighWaterMark(1_000))
        try settings.security.connect(results, to: endpoints.results)
        logger.info("validator started", metadata: ["worker": "\(identity.name)", "work": "\(endpoints.work)", "results": "\(endpoints.results)"])

        let watch = ParentWatch(parentPID: settings.parentPID)
        var heartbeat = IntervalTimer(interval: settings.heartbeatInterval, fireImmediately: true)
        while !WorkerLoop.shouldStop(watch) {
            if heartbeat.isDue() { sendHeartbeat(on: results, intervalMillis: heartbeat.intervalMillis) }
            guard try zmq(ZMQPoller.readable([work], timeoutMillis: WorkerLoop.pollMillis))[0] else { continue }
            var answers: [[UInt8]] = []
            while answers.count < Self.answerBurst, !WorkerLoop.shouldStop(watch),
                let frames = try zmq(work.receiveMessage(dontWait: true))
            {
                received += 1
                answers.append(answer(to: frames))
            }
            for answer in answers {
                guard try WorkerLoop.send(answer, on: results, watch: watch) else { break }
            }
        }
        logger.info("validator stopping", metadata: ["validated": "\(validated)", "rejected": "\(rejected)"])
    }

    /// The encoded `spec.validated` or `spec.rejected` event for one message.
    func answer(to frames: [[UInt8]]) -> [UInt8] {
        var identity = EventIdentity()
        do {
            if let error = settings.sizeError(WorkerLoop.size(of: frames)) { throw error }
            guard frames.count == 1 else { throw RulebookError.unexpectedMultipart(frames: frames.count) }
            let inspected = codec.inspect(frames[0], expecting: .specSubmitted)
            identity = inspected.identity
            guard case .specSubmitted(let event) = try inspected.event.get() else {
                throw RulebookError.unexpectedEventType(type: inspected.header?.type.rawValue ?? "?", socket: "work")
            }
            let result = try checker.check(event, validator: self.identity.name)
            validated += 1
            logger.debug(
                "spec validated",
                metadata: ["run": "\(event.runid ?? "")", "spec": "\(event.id)", "findings": "\(result.findings.count)"])
            return codec.encode(CloudEvent(source: self.identity.source, runId: event.runid, data: result))
        } catch {
            rejected += 1
            if identity.id == nil, let salvaged = frames.first.flatMap(EventIdentity.salvaged(from:)) {
                identity = salvaged.identity
            }
            let failure = error as? RulebookError ?? .invalidEventData(String(describing: error))
            lastError = RecentError(failure)
            logger.warning(
                "rejected message",
                metadata: [
                    "run": "\(identity.runid ?? "")", "spec": "\(identity.id ?? "")", "code": "\(failure.code)",
                    "reason": "\(failure.message)",
                ])
            let rejection = SpecRejected(
                specId: identity.id, specSource: identity.source, error: failure, stage: .validator,
                excerpt: WorkerLoop.excerpt(frames))
            return codec.encode(CloudEvent(source: self.identity.source, runId: identity.runid, data: rejection))
        }
    }

    private func sendHeartbeat(on socket: ZMQSocket, intervalMillis: Int) {
        let beat = WorkerHeartbeat(
            worker: identity.name, role: .validator, pid: Int(identity.pid), received: received,
            processed: validated, rejected: rejected, intervalMillis: intervalMillis, lastError: lastError)
        _ = try? socket.send(codec.encode(CloudEvent(source: identity.source, runId: nil, data: beat)), dontWait: true)
    }
}
