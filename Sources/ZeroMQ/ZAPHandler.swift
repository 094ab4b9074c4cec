import Foundation
import Synchronization

/// One ZAP request (RFC 27): a peer completing a security handshake with one of the
/// context's server sockets.
public struct ZAPRequest: Sendable {
    /// The server socket's `ZMQ_ZAP_DOMAIN`.
    public let domain: String
    /// The peer's address, e.g. `127.0.0.1`.
    public let address: String
    /// `NULL`, `PLAIN` or `CURVE`.
    public let mechanism: String
    /// The mechanism's credentials: for CURVE, the client's 32-byte public key.
    public let credentials: [[UInt8]]

    /// The CURVE client's public key, or `nil` for any other mechanism.
    public var curvePublicKey: CurveKey? {
        guard mechanism == "CURVE", credentials.count == 1 else { return nil }
        return CurveKey(bytes: credentials[0])
    }

    /// The request in `frames` (version, request id, domain, address, routing id, mechanism,
    /// credentials…), or `nil` when it is not a ZAP 1.0 request.
    init?(frames: [[UInt8]]) {
        guard frames.count >= 6, frames[0] == Array("1.0".utf8) else { return nil }
        domain = String(decoding: frames[2], as: UTF8.self)
        address = String(decoding: frames[3], as: UTF8.self)
        mechanism = String(decoding: frames[5], as: UTF8.self)
        credentials = Array(frames.dropFirst(6))
    }
}

/// A context's ZAP handler: a REP socket bound to `inproc://zeromq.zap.01` that a thread of
/// its own creates, serves and closes (the socket never crosses threads). libzmq asks it
/// about every handshake on the context's sockets; it answers `200` when `authorize`
/// accepts the request, `400` when not, `500` to a malformed request.
final class ZAPHandler: Sendable {
    /// The endpoint libzmq sends ZAP requests to (RFC 27).
    static let endpoint = "inproc://zeromq.zap.01"

    private let authorize: @Sendable (ZAPRequest) -> Bool
    private let stopRequested = Atomic<Bool>(false)
    private let started = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let startFailure = Mutex<ZeroMQError?>(nil)

    /// Starts the handler on `context` and returns once its socket is bound. The handler
    /// does not keep the context alive: the context stops it before it terminates.
    init(context: ZMQContext, authorize: @escaping @Sendable (ZAPRequest) -> Bool) throws(ZeroMQError) {
        self.authorize = authorize
        Thread.detachNewThread { [self, unowned context] in
            let socket: ZMQSocket
            do throws(ZeroMQError) {
                socket = try ZMQSocket(context: context, type: .rep, retainingContext: false)
                try socket.setLinger(milliseconds: 0)
                try socket.bind(Self.endpoint)
            } catch {
                startFailure.withLock { $0 = error }
                started.signal()
                finished.signal()
                return
            }
            started.signal()
            serve(socket)
            socket.close()
            finished.signal()
        }
        started.wait()
        if let error = startFailure.withLock({ $0 }) { throw error }
    }

    /// Stops the handler and waits until its thread has closed the socket.
    func stop() {
        guard !stopRequested.exchange(true, ordering: .relaxed) else { return }
        finished.wait()
    }

    /// Answers requests until a stop is requested or the context is terminated.
    private func serve(_ socket: ZMQSocket) {
        while !stopRequested.load(ordering: .relaxed) {
            do throws(ZeroMQError) {
                guard try ZMQPoller.readable([socket], timeoutMillis: 100)[0],
                    let frames = try socket.receiveMessage(dontWait: true)
                else { continue }
                try socket.send(multipart: reply(to: frames))
            } catch {
                if error == .contextTerminated { return }
            }
        }
    }

    /// The reply frames: version, request id, status code, status text, user id, metadata.
    private func reply(to frames: [[UInt8]]) -> [[UInt8]] {
        let requestId = frames.count > 1 ? frames[1] : []
        let (status, text, user): (String, String, String)
        if let request = ZAPRequest(frames: frames) {
            let accepted = authorize(request)
            (status, text) = accepted ? ("200", "OK") : ("400", "not authorized")
            user = accepted ? request.curvePublicKey?.z85 ?? "" : ""
        } else {
            (status, text, user) = ("500", "malformed ZAP request", "")
        }
        return [Array("1.0".utf8), requestId, Array(status.utf8), Array(text.utf8), Array(user.utf8), []]
    }
}
