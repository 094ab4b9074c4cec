import RulebookCore
import RulebookPipeline
import Testing
import ZeroMQ

struct EndpointPolicyTests {
    @Test(arguments: [
        "ipc:///tmp/rulebook/results", "inproc://events", "tcp://127.0.0.1:5555", "tcp://127.0.0.1:*",
        "tcp://127.255.0.9:1", "tcp://localhost:5555", "tcp://LocalHost:5555", "tcp://[::1]:5555", "tcp://::1:5555",
        "tcp://[0:0:0:0:0:0:0:1]:5555", "tcp://[::ffff:127.0.0.1]:5555",
    ])
    func loopbackAndIPCAreLocal(endpoint: String) {
        #expect(EndpointPolicy.isLocal(endpoint))
    }

    @Test(arguments: [
        "tcp://*:5555", "tcp://0.0.0.0:5555", "tcp://[::]:5555", "tcp://192.168.1.20:5555", "tcp://128.0.0.1:5555",
        "tcp://127.1:5555", "tcp://eth0:5555", "tcp://lo:5555", "tcp://build-host.example:5555", "tcp://[::2]:5555",
        "tcp://[fe80::1%eth0]:5555", "tcp://127.0.0.1", "ws://127.0.0.1:5555", "pgm://eth0;239.192.1.1:5555", "",
    ])
    func everythingElseIsRemote(endpoint: String) {
        #expect(!EndpointPolicy.isLocal(endpoint))
    }

    /// What binding `tcp://0.0.0.0:*` gives with `security`: `nil` when it binds, else the error.
    static func wildcardBind(_ security: SocketSecurity) throws -> RulebookError? {
        let context = try security.makeContext()
        let socket = try ZMQSocket(context: context, type: .pull)
        do {
            try security.bind(socket, to: "tcp://0.0.0.0:*")
            return nil
        } catch {
            return error
        }
    }

    @Test func aRemoteBindNeedsTheFlagAndCurveKeys() throws {
        let keys = try CurveKeyPair.generate()
        let authorized: Set<CurveKey> = [try CurveKeyPair.generate().publicKey]
        let refusals = [
            SocketSecurity(),
            SocketSecurity(allowRemote: true),
            SocketSecurity(keyPair: keys, authorizedKeys: authorized),
        ]
        for security in refusals {
            let error = try Self.wildcardBind(security)
            #expect(error?.code == "RB410")
            #expect(error?.exitCode == 2)
            #expect(error?.message.contains("--allow-remote") == true)
        }
        #expect(try Self.wildcardBind(SocketSecurity(allowRemote: true, keyPair: keys, authorizedKeys: authorized)) == nil)
    }

    @Test func loopbackBindsNeedNoFlag() throws {
        let context = try ZMQContext()
        let socket = try ZMQSocket(context: context, type: .pull)
        try SocketSecurity().bind(socket, to: "tcp://127.0.0.1:*")
        #expect(socket.lastEndpoint.hasPrefix("tcp://127.0.0.1:"))
    }
}
