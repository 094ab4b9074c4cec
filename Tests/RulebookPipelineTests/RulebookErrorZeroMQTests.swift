import Foundation
import RulebookCore
import RulebookPipeline
import Testing
import ZeroMQ

/// Every ``ZeroMQError`` becomes the taxonomy error users saw before ZeroMQ had errors of its
/// own: the same code, exit code and message, byte for byte.
struct RulebookErrorZeroMQTests {
    @Test func aFailedCallIsRB200WithItsOperationAndErrno() {
        let error = RulebookError(.callFailed(operation: "zmq_msg_recv", errno: EFAULT, reason: "Bad address"))
        #expect(error == .transport(operation: "zmq_msg_recv", errno: EFAULT, reason: "Bad address"))
        #expect(error.description == "RB200: ZeroMQ zmq_msg_recv failed (errno 14): Bad address")
        #expect(error.exitCode == 3)
    }

    @Test func aFailedBindIsRB201NamingTheEndpoint() {
        let error = RulebookError(.bindFailed(endpoint: "tcp://127.0.0.1:5555", errno: EADDRINUSE, reason: "Address already in use"))
        #expect(error == .bindFailed(endpoint: "tcp://127.0.0.1:5555", reason: "Address already in use"))
        #expect(error.description == "RB201: cannot bind tcp://127.0.0.1:5555: Address already in use; is another Rulebook process using it?")
        #expect(error.exitCode == 3)
    }

    @Test func aFailedConnectIsRB202NamingTheEndpoint() {
        let error = RulebookError(.connectFailed(endpoint: "nonsense://where", errno: EPROTONOSUPPORT, reason: "Protocol not supported"))
        #expect(error == .connectFailed(endpoint: "nonsense://where", reason: "Protocol not supported"))
        #expect(
            error.description
                == "RB202: cannot connect to nonsense://where: Protocol not supported; check the endpoint syntax (tcp://host:port or ipc:///path)")
        #expect(error.exitCode == 3)
    }

    @Test func aTerminatedContextIsRB203() {
        let error = RulebookError(.contextTerminated)
        #expect(error == .contextTerminated)
        #expect(error.description == "RB203: the messaging context was shut down")
    }

    @Test func aLibzmqWithoutCurveIsRB412() {
        let error = RulebookError(.curveUnsupported)
        #expect(error == .curveUnsupported)
        #expect(error.description == "RB412: this libzmq was built without CURVE (libsodium); install a libzmq with CURVE support")
        #expect(error.exitCode == 2)
    }

    @Test func aCurveServerWithoutItsZAPHandlerIsRB200() {
        let error = RulebookError(.curveServerWithoutAuthenticator)
        #expect(
            error.description
                == "RB200: ZeroMQ zmq_setsockopt(ZMQ_CURVE_SERVER) failed (errno 22): start the context's ZAP handler before making a CURVE server socket"
        )
    }

    /// Through real sockets: what a second bind of one endpoint tells the user.
    @Test func aSecondBindThroughSocketSecurityReadsAsBefore() throws {
        let context = try MessagingContext.make()
        let first = try ZMQSocket(context: context, type: .pull)
        try SocketSecurity().bind(first, to: "tcp://127.0.0.1:*")
        let endpoint = first.lastEndpoint
        let second = try ZMQSocket(context: context, type: .pull)
        do {
            try SocketSecurity().bind(second, to: endpoint)
            Issue.record("bound \(endpoint) twice")
        } catch {
            #expect(error.description == "RB201: cannot bind \(endpoint): Address already in use; is another Rulebook process using it?")
        }
    }

    /// Through real sockets: a receive interrupted by the context's shutdown, as the workers see it.
    @Test func aReceiveInterruptedByShutdownIsRB203() throws {
        let context = try MessagingContext.make()
        let pull = try ZMQSocket(context: context, type: .pull)
        try pull.bind("inproc://rb203-\(UUID().uuidString)")
        context.shutdown()
        #expect(throws: RulebookError.contextTerminated) { _ = try zmq(pull.receiveMessage()) }
    }
}
