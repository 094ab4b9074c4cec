import Foundation
import RulebookCore
import ZeroMQ

extension RulebookError {
    /// The taxonomy's error for a failed ZeroMQ call: RB200–RB203, or RB412 for a libzmq
    /// without CURVE. The one place the pipeline turns ``ZeroMQError`` into what users see.
    public init(_ error: ZeroMQError) {
        switch error {
        case .callFailed(let operation, let errno, let reason):
            self = .transport(operation: operation, errno: errno, reason: reason)
        case .bindFailed(let endpoint, _, let reason):
            self = .bindFailed(endpoint: endpoint, reason: reason)
        case .connectFailed(let endpoint, _, let reason):
            self = .connectFailed(endpoint: endpoint, reason: reason)
        case .contextTerminated:
            self = .contextTerminated
        case .curveUnsupported:
            self = .curveUnsupported
        case .curveServerWithoutAuthenticator:
            self = .transport(
                operation: "zmq_setsockopt(ZMQ_CURVE_SERVER)", errno: EINVAL,
                reason: "start the context's ZAP handler before making a CURVE server socket")
        }
    }
}

/// The value of a ZeroMQ call, its failure thrown as the taxonomy's error
/// (``RulebookError/init(_:)``): `try zmq(socket.send(bytes))`. Discardable, as the socket
/// calls it wraps are (a blocking send's `true`).
@discardableResult
public func zmq<Value>(_ call: @autoclosure () throws(ZeroMQError) -> Value) throws(RulebookError) -> Value {
    do {
        return try call()
    } catch {
        throw RulebookError(error)
    }
}
