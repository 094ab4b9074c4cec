import Logging
import RulebookCore
import ZeroMQ

/// How a process secures its sockets; every bind and connect goes through it.
///
/// - A bind endpoint other hosts could reach (see ``EndpointPolicy``) is refused (RB410)
///   unless ``allowRemote`` is set and CURVE server keys are configured.
/// - With ``keyPair`` and ``authorizedKeys``, every bound socket is a CURVE server, and the
///   context's ZAP handler lets in only clients whose public key is authorized or is the
///   process's own (whoever holds the server's secret key is trusted).
/// - With ``serverKey``, every connected socket is a CURVE client of servers holding that
///   public key, identified by ``keyPair``.
/// - Once a process has a key pair, none of its sockets is plaintext: a half-configured
///   socket fails with RB413 instead.
public struct SocketSecurity: Sendable {
    /// The environment variables that configure security (command-line flags win).
    public enum Variable: String, CaseIterable, Sendable {
        /// `1`, `true` or `yes`: `--allow-remote`.
        case allowRemote = "RULEBOOK_ALLOW_REMOTE"
        /// `--curve-secret-key`.
        case curveSecretKey = "RULEBOOK_CURVE_SECRET_KEY"
        /// `--curve-server-key`.
        case curveServerKey = "RULEBOOK_CURVE_SERVER_KEY"
        /// `--curve-authorized`.
        case curveAuthorized = "RULEBOOK_CURVE_AUTHORIZED"
    }

    /// The ZAP domain of Rulebook's CURVE server sockets.
    static let zapDomain = "rulebook"

    /// Binding endpoints other hosts can reach is allowed (with CURVE keys).
    public var allowRemote: Bool
    /// This process's key pair: the server key of its bound sockets, the client key of its
    /// connected ones.
    public var keyPair: CurveKeyPair?
    /// The public key of the servers this process connects to.
    public var serverKey: CurveKey?
    /// The client keys allowed to connect to this process's bound sockets.
    public var authorizedKeys: Set<CurveKey>?

    /// The default is loopback and `ipc://` only, without CURVE.
    public init(
        allowRemote: Bool = false, keyPair: CurveKeyPair? = nil, serverKey: CurveKey? = nil,
        authorizedKeys: Set<CurveKey>? = nil
    ) {
        self.allowRemote = allowRemote
        self.keyPair = keyPair
        self.serverKey = serverKey
        self.authorizedKeys = authorizedKeys
    }

    /// A context for this process's sockets. When the process serves CURVE, the context's
    /// ZAP handler is running before any socket can bind.
    public func makeContext() throws(RulebookError) -> ZMQContext {
        let context = try MessagingContext.make()
        if let keyPair, let authorizedKeys {
            let allowed = authorizedKeys.union([keyPair.publicKey])
            let logger = Logger(label: "rulebook.security")
            try zmq(context.startAuthenticator { request in Self.authorize(request, allowed: allowed, logger: logger) })
        }
        return context
    }

    /// Binds `socket` (made on a ``makeContext()`` context) to `endpoint`: refused when other
    /// hosts could reach the endpoint without permission and CURVE keys; a CURVE server
    /// whenever keys are configured.
    public func bind(_ socket: ZMQSocket, to endpoint: String) throws(RulebookError) {
        let server = try serverKeyPair()
        if !EndpointPolicy.isLocal(endpoint) {
            switch (allowRemote, server) {
            case (true, .some): break
            case (true, nil):
                throw .remoteBindRefused(endpoint: endpoint, missing: "--allow-remote needs CURVE keys: --curve-secret-key and --curve-authorized")
            case (false, .some):
                throw .remoteBindRefused(endpoint: endpoint, missing: "pass --allow-remote (RULEBOOK_ALLOW_REMOTE=1), or bind 127.0.0.1 or ipc://")
            case (false, nil):
                throw .remoteBindRefused(
                    endpoint: endpoint,
                    missing: "pass --allow-remote (RULEBOOK_ALLOW_REMOTE=1) with CURVE keys (--curve-secret-key, --curve-authorized), or bind 127.0.0.1 or ipc://")
            }
        }
        if let server {
            try zmq(socket.setZAPDomain(Self.zapDomain))
            try zmq(socket.setCurveServer(keyPair: server))
        }
        try zmq(socket.bind(endpoint))
    }

    /// Connects `socket` to `endpoint`, or to every endpoint of a list (``Endpoints/list(_:)``:
    /// several persisters, say), as a CURVE client when a server key is configured. With
    /// several peers, messages queue only for those connected (`ZMQ_IMMEDIATE`): a PUSH then
    /// passes over a peer that is down instead of holding its share until it returns.
    public func connect(_ socket: ZMQSocket, to endpoint: String) throws(RulebookError) {
        switch (serverKey, keyPair) {
        case (let serverKey?, let keyPair?):
            try zmq(socket.setCurveClient(serverKey: serverKey, keyPair: keyPair))
        case (.some, nil):
            throw .incompleteCurveConfiguration("--curve-server-key needs this process's own key: --curve-secret-key")
        case (nil, .some):
            throw .incompleteCurveConfiguration("connecting to \(endpoint) needs the server's public key: --curve-server-key")
        case (nil, nil):
            break
        }
        let peers = Endpoints.list(endpoint)
        if peers.count > 1 { try zmq(socket.setImmediate(true)) }
        for peer in peers { try zmq(socket.connect(peer)) }
    }

    /// The server key pair when CURVE serving is fully configured, `nil` without CURVE.
    private func serverKeyPair() throws(RulebookError) -> CurveKeyPair? {
        switch (keyPair, authorizedKeys) {
        case (let keyPair?, .some): return keyPair
        case (.some, nil): throw .incompleteCurveConfiguration("a CURVE server needs the client keys it lets in: --curve-authorized")
        case (nil, .some): throw .incompleteCurveConfiguration("--curve-authorized needs the server's own key: --curve-secret-key")
        case (nil, nil): return nil
        }
    }

    private static func authorize(_ request: ZAPRequest, allowed: Set<CurveKey>, logger: Logger) -> Bool {
        let key = request.curvePublicKey
        let metadata: Logger.Metadata = ["address": "\(request.address)", "key": "\(key?.z85 ?? request.mechanism)"]
        guard let key, allowed.contains(key) else {
            logger.warning("refused a connection: its CURVE key is not authorized", metadata: metadata)
            return false
        }
        logger.debug("accepted a CURVE client", metadata: metadata)
        return true
    }
}
