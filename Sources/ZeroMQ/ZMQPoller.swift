import CZeroMQ

/// Waits until one of a set of sockets has a message to read.
public enum ZMQPoller {
    /// For each socket, whether it is readable, after waiting at most `timeoutMillis`
    /// (`-1`: forever). A signal that interrupts the wait returns all `false`, so the
    /// caller's loop can look at its stop flag and poll again.
    public static func readable(_ sockets: [ZMQSocket], timeoutMillis: Int) throws(ZeroMQError) -> [Bool] {
        try ready(sockets.map { ($0, .readable) }, timeoutMillis: timeoutMillis)
    }

    /// For each socket, whether a message can be sent without blocking, after waiting at
    /// most `timeoutMillis`. Interrupted waits return all `false`, like ``readable(_:timeoutMillis:)``.
    public static func writable(_ sockets: [ZMQSocket], timeoutMillis: Int) throws(ZeroMQError) -> [Bool] {
        try ready(sockets.map { ($0, .writable) }, timeoutMillis: timeoutMillis)
    }

    /// What a poll waits for on one socket.
    public enum Readiness: Sendable {
        /// A message to read.
        case readable
        /// Room to send a message without blocking.
        case writable

        var flag: Int16 { Int16(self == .readable ? ZMQ_POLLIN : ZMQ_POLLOUT) }
    }

    /// For each request, whether its socket is ready as asked, after waiting at most
    /// `timeoutMillis` for any of them. Interrupted waits return all `false`.
    public static func ready(_ requests: [(socket: ZMQSocket, readiness: Readiness)], timeoutMillis: Int) throws(ZeroMQError) -> [Bool] {
        var items = requests.map { request in
            zmq_pollitem_t(socket: request.socket.handle, fd: 0, events: request.readiness.flag, revents: 0)
        }
        let result = zmq_poll(&items, Int32(items.count), timeoutMillis)
        if result < 0 {
            let code = zmq_errno()
            if code == EINTR { return Array(repeating: false, count: requests.count) }
            throw ZeroMQError.call("zmq_poll", errno: code)
        }
        return zip(items, requests).map { item, request in item.revents & request.readiness.flag != 0 }
    }
}
