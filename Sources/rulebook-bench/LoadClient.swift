import Foundation
import RulebookCore
import RulebookPipeline
import RulebookWire
import ZeroMQ

/// A client of the running service pipeline: PUSHes bench specs to the producer's intake
/// and reads their acks from the persister's events socket.
final class LoadClient {
    private let context: ZMQContext
    private let intake: ZMQSocket
    private let events: ZMQSocket
    private var template: SpecTemplate
    /// Sequence number of the next spec; unique across the client's stages.
    private(set) var nextSequence = 0

    /// Connects to `endpoints`.
    init(endpoints: Endpoints, template: SpecTemplate) throws(RulebookError) {
        self.template = template
        context = try MessagingContext.make()
        events = try RunDriver.subscriber(context: context, endpoint: endpoints.events)
        intake = try zmq(ZMQSocket(context: context, type: .push))
        try zmq(intake.setLinger(milliseconds: 0))
        try zmq(intake.connect(endpoints.intake))
    }

    /// Waits until the persister, the producer and `validators` validators have sent a
    /// heartbeat (which also proves the events subscription is in place).
    func awaitReady(validators: Int, pipeline: ServicePipeline, timeout: Duration) throws {
        let codec = EventCodec()
        let deadline = ContinuousClock.now + timeout
        var roles: Set<WorkerRole> = []
        var validatorNames: Set<String> = []
        while !(roles.contains(.persister) && roles.contains(.producer) && validatorNames.count >= validators) {
            guard ContinuousClock.now < deadline else { throw BenchFailure("the service pipeline did not start within \(timeout)") }
            try checkRunning(pipeline)
            guard try zmq(ZMQPoller.readable([events], timeoutMillis: 50))[0] else { continue }
            while let frames = try zmq(events.receiveMessage(dontWait: true)) {
                guard frames.count == 1, case .success(.workerHeartbeat(let beat)) = codec.inspect(frames[0]).event else { continue }
                roles.insert(beat.data.role)
                if beat.data.role == .validator { validatorNames.insert(beat.data.worker) }
            }
        }
    }

    /// Sends the next spec unless the intake pushes back; returns its sequence number.
    func trySend() throws(RulebookError) -> Int? {
        let sequence = nextSequence
        guard try zmq(intake.send(template.event(sequence), dontWait: true)) else { return nil }
        nextSequence += 1
        return sequence
    }

    /// Waits at most `timeoutMillis` for events, then hands every bench ack waiting to `body`.
    func readAcks(timeoutMillis: Int, _ body: (AckScanner.Ack) -> Void) throws(RulebookError) {
        guard try zmq(ZMQPoller.readable([events], timeoutMillis: timeoutMillis))[0] else { return }
        while let frames = try zmq(events.receiveMessage(dontWait: true)) {
            if frames.count == 1, let ack = AckScanner.ack(in: frames[0]) { body(ack) }
        }
    }

    /// Fails when the bench was interrupted or a worker died.
    func checkRunning(_ pipeline: ServicePipeline) throws {
        if StopSignal.isRequested { throw BenchFailure("interrupted") }
        try pipeline.checkAlive()
    }
}
