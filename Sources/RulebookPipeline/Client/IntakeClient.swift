import Foundation
import RulebookCore
import ZeroMQ

/// Pushes a run of specs into a serving producer's intake, optionally waiting for the
/// persister to complete it. Used by `rulebook-producer scan` and `submit`.
public struct IntakeClient {
    private let endpoints: Endpoints
    private let security: SocketSecurity
    private let source = "rulebook://client/\(ProcessInfo.processInfo.hostName)/\(getpid())"

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
        let context = try ZMQContext()
        let intake = try ZMQSocket(context: context, type: .push)
        try intake.setLinger(milliseconds: 30_000)
        try security.connect(intake, to: endpoints.intake)
        guard let waitTimeout else {
            let codec = EventCodec()
            try intake.send(codec.encode(opened))
            for event in events { try intake.send(codec.encode(event)) }
            return (runId, nil)
        }
        let subscriber = try RunDriver.subscriber(context: context, endpoint: endpoints.events, security: security)
        let driver = RunDriver(events: subscriber, timeout: waitTimeout)
        try driver.awaitReady(validators: 0, health: {})
        let completed = try driver.run(opened: opened, specs: events, control: intake, work: intake, health: {})
        return (runId, completed)
    }
}
