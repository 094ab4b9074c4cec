import CZeroMQ

/// The socket patterns Rulebook uses.
public enum SocketType: Sendable {
    case push, pull, pub, sub, rep
    /// A PUB socket that also reads its subscribers' subscriptions (one frame each,
    /// `0x01` + topic), so a publisher learns when someone starts listening.
    case xpub

    var rawValue: Int32 {
        switch self {
        case .push: ZMQ_PUSH
        case .pull: ZMQ_PULL
        case .pub: ZMQ_PUB
        case .sub: ZMQ_SUB
        case .rep: ZMQ_REP
        case .xpub: ZMQ_XPUB
        }
    }
}

/// A ZeroMQ socket. Deliberately not `Sendable`: a socket is owned by the one thread (poll
/// loop) that created it. Closed on `close()` or deinit, with a bounded linger.
public final class ZMQSocket {
    /// Linger applied to every new socket, so closing never blocks for longer.
    public static let defaultLingerMillis: Int32 = 2_000

    let handle: UnsafeMutableRawPointer
    /// The context, kept alive until the socket is closed; `nil` for the context's own ZAP
    /// handler socket, which the context closes before it terminates.
    private let context: ZMQContext?
    private var isClosed = false

    /// A new socket of `type` on `context`.
    public convenience init(context: ZMQContext, type: SocketType) throws(ZeroMQError) {
        try self.init(context: context, type: type, retainingContext: true)
    }

    init(context: ZMQContext, type: SocketType, retainingContext: Bool) throws(ZeroMQError) {
        guard let handle = zmq_socket(context.handle, type.rawValue) else {
            throw ZeroMQError.call("zmq_socket")
        }
        self.handle = handle
        self.context = retainingContext ? context : nil
        try setOption(ZMQ_LINGER, Self.defaultLingerMillis)
        try setOption(ZMQ_RECONNECT_IVL, Self.reconnectMillis.first)
        try setOption(ZMQ_RECONNECT_IVL_MAX, Self.reconnectMillis.most)
    }

    /// Retry a connection 10 ms after it failed, doubling the wait up to a second while the
    /// peer stays away (libzmq waits 100 ms every time). Workers start together, so a socket
    /// often connects before its peer binds: a slow first retry would delay every run.
    static let reconnectMillis: (first: Int32, most: Int32) = (10, 1_000)

    deinit { close() }

    /// Closes the socket; pending outgoing messages get at most the linger period.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        zmq_close(handle)
    }

    // MARK: Endpoints

    /// Binds to `endpoint` (`tcp://127.0.0.1:5555`, `ipc:///tmp/x`, `inproc://name`).
    /// `tcp://localhost:P` is bound as `tcp://127.0.0.1:P` (libzmq binds addresses and
    /// interfaces, not host names; a client connecting to `localhost` reaches that address,
    /// libzmq resolving IPv4 first), and a `tcp://[IPv6]:P` endpoint turns IPv6 on.
    public func bind(_ endpoint: String) throws(ZeroMQError) {
        try enableIPv6(for: endpoint)
        guard zmq_bind(handle, Self.bindable(endpoint)) == 0 else {
            let code = zmq_errno()
            throw .bindFailed(endpoint: endpoint, errno: code, reason: ZeroMQError.reason(code))
        }
    }

    /// `endpoint` with a `localhost` host written as the IPv4 loopback address.
    static func bindable(_ endpoint: String) -> String {
        let prefix = "tcp://localhost:"
        guard endpoint.lowercased().hasPrefix(prefix) else { return endpoint }
        return "tcp://127.0.0.1:" + endpoint.dropFirst(prefix.count)
    }

    /// libzmq sockets speak IPv4 only unless `ZMQ_IPV6` is set: set it for `tcp://[…]`.
    private func enableIPv6(for endpoint: String) throws(ZeroMQError) {
        if endpoint.hasPrefix("tcp://[") { try setOption(ZMQ_IPV6, Int32(1)) }
    }

    /// Connects to `endpoint`; libzmq reconnects in the background until the peer binds.
    public func connect(_ endpoint: String) throws(ZeroMQError) {
        try enableIPv6(for: endpoint)
        guard zmq_connect(handle, endpoint) == 0 else {
            let code = zmq_errno()
            throw .connectFailed(endpoint: endpoint, errno: code, reason: ZeroMQError.reason(code))
        }
    }

    /// The endpoint last bound, with the real port for `tcp://127.0.0.1:*`.
    public var lastEndpoint: String {
        var buffer = [CChar](repeating: 0, count: 1_024)
        var size = buffer.count
        guard zmq_getsockopt(handle, ZMQ_LAST_ENDPOINT, &buffer, &size) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: Options

    /// Milliseconds pending messages may linger after close.
    public func setLinger(milliseconds: Int32) throws(ZeroMQError) { try setOption(ZMQ_LINGER, milliseconds) }
    /// Messages queued for sending before `send` blocks (PUSH) or drops (PUB).
    public func setSendHighWaterMark(_ messages: Int32) throws(ZeroMQError) { try setOption(ZMQ_SNDHWM, messages) }
    /// Messages queued on receipt before the peer is slowed down.
    public func setReceiveHighWaterMark(_ messages: Int32) throws(ZeroMQError) { try setOption(ZMQ_RCVHWM, messages) }
    /// Largest inbound message; a peer sending more is disconnected by libzmq.
    public func setMaxMessageSize(_ bytes: Int64) throws(ZeroMQError) { try setOption(ZMQ_MAXMSGSIZE, bytes) }
    /// Queue messages only to completed connections.
    public func setImmediate(_ enabled: Bool) throws(ZeroMQError) { try setOption(ZMQ_IMMEDIATE, Int32(enabled ? 1 : 0)) }
    /// `ZMQ_XPUB_VERBOSE`: an XPUB socket passes on every subscription, not only the first
    /// of each topic, so each new subscriber is seen.
    public func setVerboseSubscriptions(_ enabled: Bool) throws(ZeroMQError) { try setOption(ZMQ_XPUB_VERBOSE, Int32(enabled ? 1 : 0)) }
    /// SUB: receive messages starting with `prefix` (empty: everything).
    public func subscribe(_ prefix: [UInt8] = []) throws(ZeroMQError) {
        let result = prefix.withUnsafeBytes { zmq_setsockopt(handle, ZMQ_SUBSCRIBE, $0.baseAddress, $0.count) }
        guard result == 0 else { throw ZeroMQError.call("zmq_setsockopt(ZMQ_SUBSCRIBE)") }
    }


    /// Makes this socket a CURVE server with `keyPair` (before `bind`): traffic is encrypted
    /// and every client is checked by the context's ZAP handler, which must be running
    /// (``ZMQContext/startAuthenticator(authorize:)``) so that no client is let in unchecked.
    public func setCurveServer(keyPair: CurveKeyPair) throws(ZeroMQError) {
        guard context?.hasAuthenticator == true else { throw .curveServerWithoutAuthenticator }
        try setOption(ZMQ_CURVE_SERVER, Int32(1))
        try setOption(ZMQ_CURVE_SECRETKEY, bytes: keyPair.secretKey.bytes)
    }

    /// Makes this socket a CURVE client (before `connect`) of servers whose public key is
    /// `serverKey`, identifying itself with `keyPair`.
    public func setCurveClient(serverKey: CurveKey, keyPair: CurveKeyPair) throws(ZeroMQError) {
        try setOption(ZMQ_CURVE_SERVERKEY, bytes: serverKey.bytes)
        try setOption(ZMQ_CURVE_PUBLICKEY, bytes: keyPair.publicKey.bytes)
        try setOption(ZMQ_CURVE_SECRETKEY, bytes: keyPair.secretKey.bytes)
    }

    /// The ZAP domain this server socket's handshakes name in their ZAP requests.
    public func setZAPDomain(_ domain: String) throws(ZeroMQError) {
        try setOption(ZMQ_ZAP_DOMAIN, bytes: Array(domain.utf8))
    }

    private func setOption<T: FixedWidthInteger>(_ option: Int32, _ value: T) throws(ZeroMQError) {
        let result = withUnsafeBytes(of: value) { zmq_setsockopt(handle, option, $0.baseAddress, $0.count) }
        guard result == 0 else { throw ZeroMQError.call("zmq_setsockopt(\(option))") }
    }

    private func setOption(_ option: Int32, bytes: [UInt8]) throws(ZeroMQError) {
        let result = bytes.withUnsafeBytes { zmq_setsockopt(handle, option, $0.baseAddress, $0.count) }
        guard result == 0 else { throw ZeroMQError.call("zmq_setsockopt(\(option))") }
    }

    // MARK: Sending

    /// Sends one frame. With `dontWait`, returns `false` instead of blocking when the queue
    /// is full (or there is no peer); otherwise blocks. EINTR is retried.
    @discardableResult
    public func send(_ bytes: [UInt8], more: Bool = false, dontWait: Bool = false) throws(ZeroMQError) -> Bool {
        let flags = (more ? ZMQ_SNDMORE : 0) | (dontWait ? ZMQ_DONTWAIT : 0)
        while true {
            let result = bytes.withUnsafeBytes { zmq_send(handle, $0.baseAddress, $0.count, flags) }
            if result >= 0 { return true }
            let code = zmq_errno()
            if code == EINTR { continue }
            if code == EAGAIN && dontWait { return false }
            throw ZeroMQError.call("zmq_send", errno: code)
        }
    }

    /// Sends the frames as one multipart message.
    @discardableResult
    public func send(multipart frames: [[UInt8]], dontWait: Bool = false) throws(ZeroMQError) -> Bool {
        for (index, frame) in frames.enumerated() {
            let sent = try send(frame, more: index < frames.count - 1, dontWait: dontWait && index == 0)
            if !sent { return false }
        }
        return true
    }

    // MARK: Receiving

    /// Receives one frame of any size, or `nil` with `dontWait` when none is waiting.
    public func receiveFrame(dontWait: Bool = false) throws(ZeroMQError) -> (bytes: [UInt8], more: Bool)? {
        var message = zmq_msg_t()
        zmq_msg_init(&message)
        defer { zmq_msg_close(&message) }
        while true {
            if zmq_msg_recv(&message, handle, dontWait ? ZMQ_DONTWAIT : 0) >= 0 { break }
            let code = zmq_errno()
            if code == EINTR { continue }
            if code == EAGAIN && dontWait { return nil }
            throw ZeroMQError.call("zmq_msg_recv", errno: code)
        }
        let size = zmq_msg_size(&message)
        let bytes: [UInt8]
        if size == 0 {
            bytes = []
        } else {
            let data = zmq_msg_data(&message)!
            bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
        }
        return (bytes, zmq_msg_more(&message) == 1)
    }

    /// Receives a whole message (every frame of a multipart message), or `nil` with
    /// `dontWait` when none is waiting.
    public func receiveMessage(dontWait: Bool = false) throws(ZeroMQError) -> [[UInt8]]? {
        guard let first = try receiveFrame(dontWait: dontWait) else { return nil }
        var frames = [first.bytes]
        var more = first.more
        while more {
            // The remaining frames of a multipart message arrive atomically with the first.
            guard let next = try receiveFrame() else { break }
            frames.append(next.bytes)
            more = next.more
        }
        return frames
    }
}
