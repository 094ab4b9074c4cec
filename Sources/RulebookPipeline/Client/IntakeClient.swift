import Foundation
import RulebookCore
import RulebookWire
import ZeroMQ

/// Pushes a run of specs into a serving producer's intake, optionally waiting for the
/// persister to complete it (`rulebook-producer scan` and `submit`) or to acknowledge each
/// spec (`rulebook push`).
public struct IntakeClient {
    private let endpoints: Endpoints
    private let security: SocketSecurity
    /// The CloudEvents `source` of the events this client creates.
    public let source = "rulebook://client/\(ProcessInfo.processInfo.hostName)/\(getpid())"

    /// A client of the services at `endpoints`, connecting through `security`.
    public init(endpoints: Endpoints, security: SocketSecurity = SocketSecurity()) {
        self.endpoints = endpoints
        self.security = security
    }

    /// Sends `specs` as one run; with `waitTimeout`, waits for `run.completed` and returns it.
    public func submit(
        specs: [SpecSubmitted], tool: String, paths: [String], waitTimeout: Duration?
    ) throws(RulebookError) -> (runId: String, completed: RunCompleted?) {
        let runId = UUID().uuidString.lowercased()
        let opened = CloudEvent(
            source: source, runId: runId,
            data: RunOpened(runId: runId, expectedSpecs: specs.count, tool: tool, paths: paths))
        let events = specs.map { CloudEvent(source: source, runId: runId, data: $0) }
        let context = try MessagingContext.make()
        guard let waitTimeout else {
            try hand(opened: opened, events: events, context: context, within: Self.handTimeout)
            return (runId, nil)
        }
        let intake = try connectIntake(context: context)
        let completed = try droppingQueueOnFailure(intake) { () throws(RulebookError) in
            let driver = try readyDriver(context: context, timeout: waitTimeout)
            return try driver.run(opened: opened, specs: events, control: intake, work: intake, health: {})
        }
        return (runId, completed)
    }

    /// How long a run sent without waiting may wait for a producer to take it.
    public static let handTimeout = Duration.seconds(120)

    /// Sends `events` (which belong to the run `opened` announces); with `waitTimeout`,
    /// resends each until the persister acknowledges it and calls `onAck` with each spec's
    /// first ack, its verdict. Without `waitTimeout`, returns once a producer has taken every message (within
    /// `timeout`; RB504 when none is listening, RB503 on SIGINT/SIGTERM).
    public func push(
        opened: CloudEvent<RunOpened>, events: [CloudEvent<SpecSubmitted>], waitTimeout: Duration?,
        timeout: Duration = IntakeClient.handTimeout, onAck: @escaping (SpecPersisted) -> Void
    ) throws(RulebookError) {
        let context = try MessagingContext.make()
        guard let waitTimeout else { return try hand(opened: opened, events: events, context: context, within: timeout) }
        let intake = try connectIntake(context: context)
        try droppingQueueOnFailure(intake) { () throws(RulebookError) in
            let driver = try readyDriver(context: context, timeout: waitTimeout)
            driver.onAck = onAck
            try driver.deliver(opened: opened, specs: events, control: intake, work: intake, health: {})
        }
    }

    func connectIntake(context: ZMQContext, immediate: Bool = false) throws(RulebookError) -> ZMQSocket {
        let intake = try zmq(ZMQSocket(context: context, type: .push))
        try zmq(intake.setLinger(milliseconds: 30_000))
        // Queue only on a connection that is up: a send then waits for a producer to take it.
        if immediate { try zmq(intake.setImmediate(true)) }
        try security.connect(intake, to: endpoints.intake)
        return intake
    }

    /// Runs `body`; when it fails, what is still queued on `intake` is dropped at once rather
    /// than kept for the socket's linger (a run that failed would otherwise end 30 s later).
    private func droppingQueueOnFailure<T>(_ intake: ZMQSocket, _ body: () throws(RulebookError) -> T) throws(RulebookError) -> T {
        do {
            return try body()
        } catch {
            try? intake.setLinger(milliseconds: 0)
            throw error
        }
    }

    /// Sends without waiting for verdicts, each message only once a producer's connection
    /// can take it (`ZMQ_IMMEDIATE`): returns when a producer has every message, fails with
    /// RB504 when none takes them within `timeout`, and with RB503 at once on SIGINT/SIGTERM.
    private func hand(
        opened: CloudEvent<RunOpened>, events: [CloudEvent<SpecSubmitted>], context: ZMQContext, within timeout: Duration
    ) throws(RulebookError) {
        let intake = try connectIntake(context: context, immediate: true)
        let deadline = ContinuousClock.now + timeout
        let codec = EventCodec()
        try droppingQueueOnFailure(intake) { () throws(RulebookError) in
            for message in [codec.encode(opened)] + events.map(codec.encode) {
                let sent = try WorkerLoop.send(message, on: intake) { StopSignal.isRequested || ContinuousClock.now >= deadline }
                if sent { continue }
                if StopSignal.isRequested { throw .interrupted }
                throw .pipelineNotReady(
                    seconds: Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18,
                    detail: "no producer took the run at \(endpoints.intake); is `rulebook-producer serve` listening there?")
            }
        }
    }

    /// A driver subscribed to the events socket, returned once the persister is heard.
    private func readyDriver(context: ZMQContext, timeout: Duration) throws(RulebookError) -> RunDriver {
        let subscriber = try RunDriver.subscriber(context: context, endpoint: endpoints.events, security: security)
        let driver = RunDriver(events: subscriber, timeout: timeout)
        try driver.awaitReady(validators: 0, health: {})
        return driver
    }
}
