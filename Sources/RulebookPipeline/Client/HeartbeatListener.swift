import Foundation
import RulebookCore
import RulebookWire
import ZeroMQ

/// Listens to a persister's events socket for a bounded time and collects the heartbeats
/// (`rulebook status`).
public struct HeartbeatListener {
    private let endpoint: String
    private let security: SocketSecurity

    /// A listener for the events socket at `endpoint`, connecting through `security`.
    public init(endpoint: String, security: SocketSecurity = SocketSecurity()) {
        self.endpoint = endpoint
        self.security = security
    }

    /// The status built from every heartbeat heard within `duration`; stops early on
    /// SIGINT/SIGTERM (``RulebookError/interrupted``).
    public func listen(for duration: Duration) throws(RulebookError) -> PipelineStatus {
        let context = try MessagingContext.make()
        let events = try RunDriver.subscriber(context: context, endpoint: endpoint, security: security)
        let codec = EventCodec()
        let deadline = ContinuousClock.now + duration
        var status = PipelineStatus()
        while ContinuousClock.now < deadline {
            if StopSignal.isRequested { throw .interrupted }
            guard try zmq(ZMQPoller.readable([events], timeoutMillis: 50))[0] else { continue }
            while let frames = try zmq(events.receiveMessage(dontWait: true)) {
                guard frames.count == 1, case .success(.workerHeartbeat(let beat)) = codec.inspect(frames[0]).event else { continue }
                status.record(beat.data)
            }
        }
        return status
    }
}
