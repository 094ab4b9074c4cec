import CZeroMQ

/// What went wrong in a call into libzmq. Every throwing call of this module throws it, so a
/// caller maps it to its own errors in one place.
public enum ZeroMQError: Error, Hashable, Sendable, CustomStringConvertible {
    /// libzmq's `operation` (`zmq_send`, `zmq_setsockopt(42)`…) failed with `errno`; `reason`
    /// is `zmq_strerror`'s text for it.
    case callFailed(operation: String, errno: Int32, reason: String)
    /// `endpoint` could not be bound (in use, a bad address, no permission).
    case bindFailed(endpoint: String, errno: Int32, reason: String)
    /// `endpoint` could not be connected (a bad address).
    case connectFailed(endpoint: String, errno: Int32, reason: String)
    /// The context was terminated or shut down while the call was in progress (`ETERM`): how
    /// a blocking loop learns that it should stop.
    case contextTerminated
    /// This libzmq was built without CURVE (libsodium).
    case curveUnsupported
    /// A socket was to become a CURVE server on a context whose ZAP handler is not running,
    /// which would let every client in.
    case curveServerWithoutAuthenticator

    public var description: String {
        switch self {
        case .callFailed(let operation, let errno, let reason):
            "\(operation) failed (errno \(errno)): \(reason)"
        case .bindFailed(let endpoint, let errno, let reason):
            "zmq_bind(\(endpoint)) failed (errno \(errno)): \(reason)"
        case .connectFailed(let endpoint, let errno, let reason):
            "zmq_connect(\(endpoint)) failed (errno \(errno)): \(reason)"
        case .contextTerminated:
            "the ZeroMQ context was terminated"
        case .curveUnsupported:
            "this libzmq was built without CURVE (libsodium)"
        case .curveServerWithoutAuthenticator:
            "a CURVE server socket needs its context's ZAP handler (ZMQContext.startAuthenticator)"
        }
    }

    /// The error of `operation`, failed with `code` (by default libzmq's `errno` now):
    /// ``contextTerminated`` for `ETERM`.
    static func call(_ operation: String, errno code: Int32 = zmq_errno()) -> ZeroMQError {
        code == ETERM ? .contextTerminated : .callFailed(operation: operation, errno: code, reason: reason(code))
    }

    /// `zmq_strerror`'s text for `code`.
    static func reason(_ code: Int32) -> String {
        String(cString: zmq_strerror(code))
    }
}
