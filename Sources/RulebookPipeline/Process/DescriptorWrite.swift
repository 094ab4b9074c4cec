import Foundation

/// Writing all of a buffer to a file descriptor: short writes and interruptions are retried,
/// and a descriptor someone else made non-blocking (a shared pipe) is waited on while full
/// instead of failing with `EAGAIN`.
public enum DescriptorWrite {
    /// Writes all of `data` to `descriptor`; returns the `errno` that stopped it, or `nil`.
    public static func all(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written >= 0 {
                    offset += written
                } else if errno == EINTR {
                    continue
                } else if errno == EAGAIN || errno == EWOULDBLOCK {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, 100)
                } else {
                    return errno
                }
            }
            return nil
        }
    }
}
