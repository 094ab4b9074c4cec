import CZeroMQ
import RulebookCore

/// A libzmq context. Thread-safe (as libzmq's context is); every ``ZMQSocket`` keeps its
/// context alive, so the context is terminated only after its last socket is closed, and
/// every socket's bounded linger keeps that termination from hanging.
public final class ZMQContext: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer

    /// A new context.
    public init() throws(RulebookError) {
        guard let handle = zmq_ctx_new() else { throw ZMQFailure.error("zmq_ctx_new") }
        self.handle = handle
    }

    /// Makes every blocking call on this context's sockets return `contextTerminated`.
    /// Safe to call from any thread (for example a signal handler's queue).
    public func shutdown() {
        zmq_ctx_shutdown(handle)
    }

    deinit {
        while zmq_ctx_term(handle) != 0 && zmq_errno() == EINTR {}
    }

    /// The libzmq version, e.g. `4.3.4`.
    public static var libraryVersion: String {
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        zmq_version(&major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}

/// Maps libzmq's errno to the error taxonomy.
enum ZMQFailure {
    static func error(_ operation: String, errno code: Int32 = zmq_errno()) -> RulebookError {
        if code == ETERM { return .contextTerminated }
        return .transport(operation: operation, errno: code, reason: reason(code))
    }

    static func reason(_ code: Int32) -> String {
        String(cString: zmq_strerror(code))
    }
}
