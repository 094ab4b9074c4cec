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
        let intake = try connectIntake(context: context)
        guard let waitTimeout else {
            try send(opened: opened, events: events, on: intake)
            return (runId, nil)
        }
        let driver = try readyDriver(context: context, timeout: waitTimeout)
        let completed = try driver.run(opened: opened, specs: events, control: intake, work: intake, health: {})
        return (runId, completed)
    }

    /// Sends `events` (which belong to the run `opened` announces); with `waitTimeout`,
    /// resends each until the persister acknowledges it and calls `onAck` with each spec's
    /// first ack, its verdict.
    public func push(
        opened: CloudEvent<RunOpened>, events: [CloudEvent<SpecSubmitted>], waitTimeout: Duration?,
        onAck: @escaping (SpecPersisted) -> Void
    ) throws(RulebookError) {
        let context = try MessagingContext.make()
        let intake = try connectIntake(context: context)
        guard let waitTimeout else { return try send(opened: opened, events: events, on: intake) }
        let driver = try readyDriver(context: context, timeout: waitTimeout)
        driver.onAck = onAck
        try driver.deliver(opened: opened, specs: events, control: intake, work: intake, health: {})
    }

    func connectIntake(context: ZMQContext) throws(RulebookError) -> ZMQSocket {
        let intake = try zmq(ZMQSocket(context: context, type: .push))
        try zmq(intake.setLinger(milliseconds: 30_000))
        try security.connect(intake, to: endpoints.intake)
        return intake
    }

    /// Sends without waiting; the socket's linger delivers what is queued when it closes.
    private func send(opened: CloudEvent<RunOpened>, events: [CloudEvent<SpecSubmitted>], on intake: ZMQSocket) throws(RulebookError) {
        let codec = EventCodec()
        try zmq(intake.send(codec.encode(opened)))
        for event in events { try zmq(intake.send(codec.encode(event))) }
    }

    /// A driver subscribed to the events socket, returned once the persister is heard.
    private func readyDriver(context: ZMQContext, timeout: Duration) throws(RulebookError) -> RunDriver {
        let subscriber = try RunDriver.subscriber(context: context, endpoint: endpoints.events, security: security)
        let driver = RunDriver(events: subscriber, timeout: timeout)
        try driver.awaitReady(validators: 0, health: {})
        return driver
    }
}
