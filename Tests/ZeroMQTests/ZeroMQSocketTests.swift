import Foundation
import Testing
@testable import ZeroMQ

struct ZeroMQSocketTests {
    static func uniqueInproc() -> String { "inproc://test-\(UUID().uuidString)" }

    static func ipcFolder() -> String {
        let path = FileManager.default.temporaryDirectory.path + "/rbz-\(UUID().uuidString.prefix(8))"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func pushPullOverInprocCarriesFramesOfAnySize() throws {
        let context = try ZMQContext()
        let pull = try ZMQSocket(context: context, type: .pull)
        let endpoint = Self.uniqueInproc()
        try pull.bind(endpoint)
        let push = try ZMQSocket(context: context, type: .push)
        try push.connect(endpoint)
        let large = [UInt8](repeating: 0x61, count: 9 << 20)
        for frame in [[UInt8](), Array("hello".utf8), large] {
            try push.send(frame)
            let received = try pull.receiveMessage()
            #expect(received == [frame])
        }
    }

    @Test func multipartMessagesArriveWhole() throws {
        let context = try ZMQContext()
        let endpoint = Self.uniqueInproc()
        let pull = try ZMQSocket(context: context, type: .pull)
        try pull.bind(endpoint)
        let push = try ZMQSocket(context: context, type: .push)
        try push.connect(endpoint)
        try push.send(multipart: [Array("a".utf8), [], Array("ccc".utf8)])
        #expect(try pull.receiveMessage() == [Array("a".utf8), [], Array("ccc".utf8)])
    }

    @Test func pollTimesOutAndDontWaitReturnsNil() throws {
        let context = try ZMQContext()
        let pull = try ZMQSocket(context: context, type: .pull)
        try pull.bind(Self.uniqueInproc())
        let started = ContinuousClock.now
        #expect(try ZMQPoller.readable([pull], timeoutMillis: 50) == [false])
        #expect(ContinuousClock.now - started >= .milliseconds(40))
        #expect(try pull.receiveMessage(dontWait: true) == nil)
    }

    @Test func pollReportsOnlyTheReadableSocket() throws {
        let context = try ZMQContext()
        let quiet = try ZMQSocket(context: context, type: .pull)
        try quiet.bind(Self.uniqueInproc())
        let busyEndpoint = Self.uniqueInproc()
        let busy = try ZMQSocket(context: context, type: .pull)
        try busy.bind(busyEndpoint)
        let push = try ZMQSocket(context: context, type: .push)
        try push.connect(busyEndpoint)
        try push.send(Array("x".utf8))
        #expect(try ZMQPoller.readable([quiet, busy], timeoutMillis: 1_000) == [false, true])
    }

    @Test func pubSubOverIPC() throws {
        let folder = Self.ipcFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let context = try ZMQContext()
        let pub = try ZMQSocket(context: context, type: .pub)
        try pub.bind("ipc://\(folder)/events")
        let sub = try ZMQSocket(context: context, type: .sub)
        try sub.subscribe(Array("topic".utf8))
        try sub.connect("ipc://\(folder)/events")
        // Slow joiner: publish until the subscription has propagated, bounded.
        let deadline = ContinuousClock.now + .seconds(5)
        var received: [[UInt8]]?
        while received == nil && ContinuousClock.now < deadline {
            try pub.send(Array("other".utf8))
            try pub.send(Array("topic-1".utf8))
            if try ZMQPoller.readable([sub], timeoutMillis: 20)[0] { received = try sub.receiveMessage() }
        }
        #expect(received == [Array("topic-1".utf8)])
    }

    @Test func tcpWildcardPortReportsTheRealEndpoint() throws {
        let context = try ZMQContext()
        let pull = try ZMQSocket(context: context, type: .pull)
        try pull.bind("tcp://127.0.0.1:*")
        let endpoint = pull.lastEndpoint
        #expect(endpoint.hasPrefix("tcp://127.0.0.1:"))
        let push = try ZMQSocket(context: context, type: .push)
        try push.connect(endpoint)
        try push.send(Array("over tcp".utf8))
        #expect(try pull.receiveMessage() == [Array("over tcp".utf8)])
    }

    @Test func localhostIsBoundAsTheIPv4LoopbackAndReachedByName() throws {
        #expect(ZMQSocket.bindable("tcp://localhost:5555") == "tcp://127.0.0.1:5555")
        #expect(ZMQSocket.bindable("tcp://example.org:5555") == "tcp://example.org:5555")
        let context = try ZMQContext()
        let pull = try ZMQSocket(context: context, type: .pull)
        try pull.bind("tcp://localhost:*")
        let port = try #require(pull.lastEndpoint.split(separator: ":").last)
        #expect(pull.lastEndpoint.hasPrefix("tcp://127.0.0.1:"))
        let push = try ZMQSocket(context: context, type: .push)
        try push.connect("tcp://localhost:\(port)")
        try push.send(Array("by name".utf8))
        #expect(try pull.receiveMessage() == [Array("by name".utf8)])
    }

    @Test(.enabled(if: Self.hasIPv6Loopback, "this machine has no IPv6 loopback address (::1) to bind"))
    func theIPv6LoopbackCanBeBoundAndReached() throws {
        let context = try ZMQContext()
        let pull = try ZMQSocket(context: context, type: .pull)
        try pull.bind("tcp://[::1]:*")
        #expect(pull.lastEndpoint.hasPrefix("tcp://[::1]:"))
        let push = try ZMQSocket(context: context, type: .push)
        try push.connect(pull.lastEndpoint)
        try push.send(Array("over IPv6".utf8))
        #expect(try pull.receiveMessage() == [Array("over IPv6".utf8)])
    }

    /// Whether a socket can be bound to `::1` here.
    static var hasIPv6Loopback: Bool {
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0 }
        }
    }

    @Test func bindingTwiceNamesTheEndpoint() throws {
        let context = try ZMQContext()
        let endpoint = Self.uniqueInproc()
        let first = try ZMQSocket(context: context, type: .pull)
        try first.bind(endpoint)
        let second = try ZMQSocket(context: context, type: .pull)
        do {
            try second.bind(endpoint)
            Issue.record("bound an endpoint twice")
        } catch {
            #expect(error == .bindFailed(endpoint: endpoint, errno: EADDRINUSE, reason: "Address already in use"))
        }
    }

    @Test func aMalformedEndpointNamesTheEndpoint() throws {
        let context = try ZMQContext()
        let push = try ZMQSocket(context: context, type: .push)
        do {
            try push.connect("nonsense://where")
            Issue.record("connected to a nonsense endpoint")
        } catch {
            #expect(error == .connectFailed(endpoint: "nonsense://where", errno: EPROTONOSUPPORT, reason: "Protocol not supported"))
        }
    }

    @Test func oversizeMessagesAreDroppedByTheReceiver() throws {
        let folder = Self.ipcFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let context = try ZMQContext()
        let pull = try ZMQSocket(context: context, type: .pull)
        try pull.setMaxMessageSize(1_024)
        try pull.bind("ipc://\(folder)/limit")
        let push = try ZMQSocket(context: context, type: .push)
        try push.connect("ipc://\(folder)/limit")
        try push.send([UInt8](repeating: 1, count: 4_096))
        #expect(try ZMQPoller.readable([pull], timeoutMillis: 300) == [false])
    }

    @Test func contextTerminationIsBoundedByLinger() throws {
        let started = ContinuousClock.now
        do {
            let context = try ZMQContext()
            let push = try ZMQSocket(context: context, type: .push)
            try push.setLinger(milliseconds: 100)
            try push.connect("tcp://127.0.0.1:1")  // nobody listens: the message can never leave
            // Queued on the pending connection; only the linger bounds how long close waits for it.
            #expect(try push.send(Array("stuck".utf8), dontWait: true))
        }
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test func shutdownInterruptsABlockingReceive() throws {
        let context = try ZMQContext()
        let pull = try ZMQSocket(context: context, type: .pull)
        try pull.bind(Self.uniqueInproc())
        Thread.detachNewThread { [context] in
            usleep(100_000)
            context.shutdown()
        }
        do {
            _ = try pull.receiveMessage()
            Issue.record("receive returned after shutdown")
        } catch {
            #expect(error == .contextTerminated)
        }
    }

    @Test func libraryVersionIsReported() {
        #expect(ZMQContext.libraryVersion.split(separator: ".").count == 3)
    }
}
