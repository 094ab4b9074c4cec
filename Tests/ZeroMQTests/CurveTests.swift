import Foundation
import Synchronization
import Testing
@testable import ZeroMQ

struct CurveTests {
    /// The ZAP requests a handler saw.
    final class SeenRequests: Sendable {
        private let requests = Mutex<[ZAPRequest]>([])
        func append(_ request: ZAPRequest) { requests.withLock { $0.append(request) } }
        var all: [ZAPRequest] { requests.withLock { $0 } }
    }

    /// A CURVE PULL server on `tcp://127.0.0.1:*` whose ZAP handler lets in `allowed` keys.
    final class Server {
        let context: ZMQContext
        let pull: ZMQSocket
        let keyPair: CurveKeyPair
        let seen = SeenRequests()

        init(allowed: Set<CurveKey>) throws {
            context = try ZMQContext()
            keyPair = try CurveKeyPair.generate()
            try context.startAuthenticator { [seen] request in
                seen.append(request)
                return request.curvePublicKey.map(allowed.contains) ?? false
            }
            pull = try ZMQSocket(context: context, type: .pull)
            try pull.setZAPDomain("test")
            try pull.setCurveServer(keyPair: keyPair)
            try pull.bind("tcp://127.0.0.1:*")
        }

        /// Whether `message` arrives within `millis`.
        func receives(_ message: String, within millis: Int) throws -> Bool {
            guard try ZMQPoller.readable([pull], timeoutMillis: millis)[0] else { return false }
            return try pull.receiveMessage() == [Array(message.utf8)]
        }
    }

    /// A PUSH client on its own context that sends `message` to `server`, as a CURVE client
    /// with `keyPair` (plaintext when `nil`).
    static func push(_ message: String, to server: Server, as keyPair: CurveKeyPair?) throws -> (ZMQContext, ZMQSocket) {
        let context = try ZMQContext()
        let push = try ZMQSocket(context: context, type: .push)
        try push.setLinger(milliseconds: 0)
        if let keyPair { try push.setCurveClient(serverKey: server.keyPair.publicKey, keyPair: keyPair) }
        try push.connect(server.pull.lastEndpoint)
        try push.send(Array(message.utf8), dontWait: true)
        return (context, push)
    }

    @Test func keysRoundTripThroughZ85AndDeriveTheirPublicKey() throws {
        let pair = try CurveKeyPair.generate()
        #expect(pair.publicKey.z85.count == 40 && pair.secretKey.z85.count == 40)
        #expect(CurveKey(z85: pair.publicKey.z85) == pair.publicKey)
        #expect(try CurveKeyPair(secretKey: pair.secretKey).publicKey == pair.publicKey)
        #expect(CurveKey(z85: "too short") == nil)
        #expect(CurveKey(z85: String(repeating: " ", count: 40)) == nil)
        #expect(CurveKey(bytes: [1, 2, 3]) == nil)
        #expect(!String(describing: pair).contains(pair.secretKey.z85))
    }

    @Test func anAuthorizedClientGetsThroughAndTheHandlerSeesItsKey() throws {
        let client = try CurveKeyPair.generate()
        let server = try Server(allowed: [client.publicKey])
        let connection = try Self.push("hello", to: server, as: client)
        #expect(try server.receives("hello", within: 5_000))
        let request = try #require(server.seen.all.first)
        #expect(request.domain == "test" && request.mechanism == "CURVE" && request.address == "127.0.0.1")
        #expect(request.curvePublicKey == client.publicKey)
        withExtendedLifetime(connection) {}
    }

    @Test func anUnknownKeyIsRefused() throws {
        let server = try Server(allowed: [try CurveKeyPair.generate().publicKey])
        let stranger = try Self.push("let me in", to: server, as: try CurveKeyPair.generate())
        #expect(try !server.receives("let me in", within: 700))
        #expect(server.seen.all.count >= 1)
        withExtendedLifetime(stranger) {}
    }

    @Test func aPlaintextClientIsRefused() throws {
        let server = try Server(allowed: [try CurveKeyPair.generate().publicKey])
        let plaintext = try Self.push("plain", to: server, as: nil)
        #expect(try !server.receives("plain", within: 700))
        withExtendedLifetime(plaintext) {}
    }

    @Test func aCurveServerNeedsTheContextsZAPHandler() throws {
        let context = try ZMQContext()
        let socket = try ZMQSocket(context: context, type: .pull)
        do {
            try socket.setCurveServer(keyPair: try CurveKeyPair.generate())
            Issue.record("a CURVE server socket was made without a ZAP handler")
        } catch {
            #expect(error == .curveServerWithoutAuthenticator)
        }
    }

    @Test func aContextHasOneZAPHandlerAndStopsItWhenItEnds() throws {
        let started = ContinuousClock.now
        do {
            let context = try ZMQContext()
            try context.startAuthenticator { _ in true }
            #expect {
                try context.startAuthenticator { _ in true }
            } throws: { error in
                guard case .bindFailed(let endpoint, _, _) = error as? ZeroMQError else { return false }
                return endpoint == ZAPHandler.endpoint
            }
        }
        #expect(ContinuousClock.now - started < .seconds(2))
    }
}
