import CZeroMQ
import Synchronization

/// A libzmq context. Thread-safe (as libzmq's context is); every ``ZMQSocket`` keeps its
/// context alive, so the context is terminated only after its last socket is closed, and
/// every socket's bounded linger keeps that termination from hanging.
public final class ZMQContext: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer
    private let authenticator = Mutex<ZAPHandler?>(nil)

    /// A new context whose I/O threads are scheduled as `ioThreads` says (by default as
    /// libzmq leaves them).
    public init(ioThreads scheduling: IOThreadScheduling = .normal) throws(ZeroMQError) {
        guard let handle = zmq_ctx_new() else { throw ZeroMQError.call("zmq_ctx_new") }
        // Before the first socket (libzmq starts the I/O threads with it), and before `self`
        // owns the handle: a throw after that would run `deinit`, terminating it twice.
        if let policy = scheduling.policy, zmq_ctx_set(handle, ZMQ_THREAD_SCHED_POLICY, policy) != 0 {
            let failure = ZeroMQError.call("zmq_ctx_set(ZMQ_THREAD_SCHED_POLICY)")
            zmq_ctx_term(handle)
            throw failure
        }
        self.handle = handle
    }

    /// Makes every blocking call on this context's sockets return `contextTerminated`.
    /// Safe to call from any thread (for example a signal handler's queue).
    public func shutdown() {
        zmq_ctx_shutdown(handle)
    }

    /// Starts this context's ZAP handler (RFC 27), which asks `authorize` about every
    /// handshake on the context's sockets and lets a peer in only when it returns `true`.
    /// Call it before binding a CURVE server socket: without a handler libzmq would let
    /// every CURVE client in. The handler runs until the context is terminated.
    /// A context has at most one handler: a second call fails to bind the handler's endpoint
    /// (``ZeroMQError/bindFailed(endpoint:errno:reason:)``).
    public func startAuthenticator(authorize: @escaping @Sendable (ZAPRequest) -> Bool) throws(ZeroMQError) {
        let handler = try ZAPHandler(context: self, authorize: authorize)
        authenticator.withLock { $0 = handler }
    }

    /// Whether ``startAuthenticator(authorize:)`` has started the ZAP handler.
    var hasAuthenticator: Bool { authenticator.withLock { $0 != nil } }

    deinit {
        authenticator.withLock { $0 }?.stop()
        while zmq_ctx_term(handle) != 0 && zmq_errno() == EINTR {}
    }

    /// The libzmq version, e.g. `4.3.4`.
    public static var libraryVersion: String {
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        zmq_version(&major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}
