import Foundation
import RulebookCore
import RulebookPipeline
import Testing
import ZeroMQ

/// CURVE through ``SocketSecurity`` over real tcp sockets on 127.0.0.1, in one process.
struct SocketSecurityTests {
    let server: CurveKeyPair
    let client: CurveKeyPair
    let serverSecurity: SocketSecurity

    init() throws {
        server = try CurveKeyPair.generate()
        client = try CurveKeyPair.generate()
        serverSecurity = SocketSecurity(keyPair: server, authorizedKeys: [client.publicKey])
    }

    /// A client of this test's server, identified by `keyPair`.
    func clientSecurity(_ keyPair: CurveKeyPair) -> SocketSecurity {
        SocketSecurity(keyPair: keyPair, serverKey: server.publicKey)
    }

    /// Whether a message PUSHed by a client with `security` reaches a PULL server within `millis`.
    func pushArrives(from security: SocketSecurity, within millis: Int) throws -> Bool {
        let serverContext = try serverSecurity.makeContext()
        let pull = try ZMQSocket(context: serverContext, type: .pull)
        try serverSecurity.bind(pull, to: "tcp://127.0.0.1:*")
        let clientContext = try ZMQContext()
        let push = try ZMQSocket(context: clientContext, type: .push)
        try push.setLinger(milliseconds: 0)
        try security.connect(push, to: pull.lastEndpoint)
        try push.send(Array("spec".utf8), dontWait: true)
        guard try ZMQPoller.readable([pull], timeoutMillis: millis)[0] else { return false }
        return try pull.receiveMessage() == [Array("spec".utf8)]
    }

    /// Whether a subscriber with `security` hears a publisher within `millis`.
    func subscriberHears(with security: SocketSecurity, within millis: Int) throws -> Bool {
        let serverContext = try serverSecurity.makeContext()
        let pub = try ZMQSocket(context: serverContext, type: .pub)
        try serverSecurity.bind(pub, to: "tcp://127.0.0.1:*")
        let clientContext = try ZMQContext()
        let sub = try RunDriver.subscriber(context: clientContext, endpoint: pub.lastEndpoint, security: security)
        let deadline = ContinuousClock.now + .milliseconds(millis)
        while ContinuousClock.now < deadline {
            try pub.send(Array("event".utf8))
            if try ZMQPoller.readable([sub], timeoutMillis: 20)[0] { return true }
        }
        return false
    }

    @Test func anAuthorizedClientGetsThrough() throws {
        #expect(try pushArrives(from: clientSecurity(client), within: 5_000))
    }

    @Test func anUnknownKeyGetsNothingThrough() throws {
        #expect(try !pushArrives(from: clientSecurity(try CurveKeyPair.generate()), within: 700))
    }

    @Test func aPlaintextClientGetsNothingThrough() throws {
        #expect(try !pushArrives(from: SocketSecurity(), within: 700))
    }

    @Test func theServersOwnKeyIsTrusted() throws {
        #expect(try pushArrives(from: clientSecurity(server), within: 5_000))
    }

    @Test func onlyAuthorizedSubscribersHearEvents() throws {
        #expect(try subscriberHears(with: clientSecurity(client), within: 5_000))
        #expect(try !subscriberHears(with: clientSecurity(try CurveKeyPair.generate()), within: 700))
    }

    @Test func halfConfiguredCurveIsRefusedBeforeAnySocketOpens() throws {
        let context = try ZMQContext()
        let socket = try ZMQSocket(context: context, type: .push)
        let cases = [
            SocketSecurity(serverKey: server.publicKey),
            SocketSecurity(keyPair: client),
        ]
        for security in cases {
            #expect(throws: RulebookError.self) { try security.connect(socket, to: "tcp://127.0.0.1:5") }
            do { try security.connect(socket, to: "tcp://127.0.0.1:5") } catch { #expect(error.code == "RB413") }
        }
        for security in [SocketSecurity(keyPair: server), SocketSecurity(authorizedKeys: [client.publicKey])] {
            do {
                try security.bind(socket, to: "tcp://127.0.0.1:*")
                Issue.record("bound with \(security)")
            } catch {
                #expect(error.code == "RB413")
            }
        }
    }
}
