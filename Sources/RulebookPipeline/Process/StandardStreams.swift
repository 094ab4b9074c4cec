import Foundation
import Synchronization
import RulebookCore

/// Writes to standard output and standard error without trapping: Foundation's
/// `FileHandle.write(_:)` ends the process on any error (`rulebook check | head`, `> /dev/full`,
/// `>&-`). Output that cannot be written is a ``RulebookError/outputFailed(destination:reason:readerGone:)``
/// the command turns into its exit status; standard error, where nothing is left to report to,
/// drops what it cannot write.
public enum StandardStreams {
    /// Reopens a standard descriptor the parent closed on `/dev/null`, so that no file opened
    /// later (a database, a socket) takes its number and receives the report meant for
    /// standard output. Call once, first thing in `main`.
    public static func reserve() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
            _ = closedAtStart.withLock { $0.insert(descriptor) }
        }
    }

    /// Writes `text` to standard output, all of it, or throws.
    public static func output(_ text: String) throws(RulebookError) {
        try write(Data(text.utf8), to: STDOUT_FILENO, destination: "standard output")
    }

    /// Writes `text` to standard error; a failure is dropped (there is nowhere to report it).
    public static func error(_ text: String) {
        try? write(Data(text.utf8), to: STDERR_FILENO, destination: "standard error")
    }

    /// Writes all of `data` to `descriptor` (``DescriptorWrite``), or throws.
    public static func write(_ data: Data, to descriptor: Int32, destination: String) throws(RulebookError) {
        if closedAtStart.withLock({ $0.contains(descriptor) }) {
            throw .outputFailed(destination: destination, reason: "it was closed when Rulebook started", readerGone: false)
        }
        guard let failure = DescriptorWrite.all(data, to: descriptor) else { return }
        throw .outputFailed(destination: destination, reason: String(cString: strerror(failure)), readerGone: failure == EPIPE)
    }

    private static let closedAtStart = Mutex<Set<Int32>>([])
}
