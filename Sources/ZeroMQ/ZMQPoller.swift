import CZeroMQ
import RulebookCore

/// Waits until one of a set of sockets has a message to read.
public enum ZMQPoller {
    /// For each socket, whether it is readable, after waiting at most `timeoutMillis`
    /// (`-1`: forever). A signal that interrupts the wait returns all `false`, so the
    /// caller's loop can look at its stop flag and poll again.
    public static func readable(_ sockets: [ZMQSocket], timeoutMillis: Int) throws(RulebookError) -> [Bool] {
        try poll(sockets, event: ZMQ_POLLIN, timeoutMillis: timeoutMillis)
    }

    /// For each socket, whether a message can be sent without blocking, after waiting at
    /// most `timeoutMillis`. Interrupted waits return all `false`, like ``readable(_:timeoutMillis:)``.
    public static func writable(_ sockets: [ZMQSocket], timeoutMillis: Int) throws(RulebookError) -> [Bool] {
        try poll(sockets, event: ZMQ_POLLOUT, timeoutMillis: timeoutMillis)
    }

    private static func poll(_ sockets: [ZMQSocket], event: Int32, timeoutMillis: Int) throws(RulebookError) -> [Bool] {
        var items = sockets.map { socket in
            zmq_pollitem_t(socket: socket.handle, fd: 0, events: Int16(event), revents: 0)
        }
        let result = zmq_poll(&items, Int32(items.count), timeoutMillis)
        if result < 0 {
            let code = zmq_errno()
            if code == EINTR { return Array(repeating: false, count: sockets.count) }
            throw ZMQFailure.error("zmq_poll", errno: code)
        }
        return items.map { $0.revents & Int16(event) != 0 }
    }
}
