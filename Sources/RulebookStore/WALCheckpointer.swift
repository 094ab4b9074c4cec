import Foundation
import GRDB
import Synchronization

/// Checkpoints a WAL-mode database from a thread of its own, so the writer seldom does.
///
/// SQLite's automatic checkpoint runs inside the commit that crosses the WAL's size limit:
/// that commit then copies the log into the database and syncs it, and the persister stalls
/// for milliseconds (the tail of the pipeline's latency). With a ``SQLiteResultStore`` opened for
/// ``WALCheckpointing/background`` checkpointing, this thread runs a passive checkpoint
/// every interval on its own connection (passive checkpoints never block the writer), and a
/// commit checkpoints only what is left when the log reaches its limit, so that it starts over.
public final class WALCheckpointer: Sendable {
    private let queue: DatabaseQueue
    /// The wait between checkpoints.
    private let intervalMillis: Int
    private let state = Mutex(State())
    private let stopped = DispatchSemaphore(value: 0)
    /// Signalled to cut the thread's sleep short when it should stop.
    private let wake = DispatchSemaphore(value: 0)

    private struct State {
        var stopRequested = false
        var checkpoints = 0
        var lastError: String?
    }

    /// Starts checkpointing the database at `path` every `interval`.
    public init(path: String, interval: Duration = .milliseconds(200)) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(1)
        queue = try DatabaseQueue(path: path, configuration: configuration)
        intervalMillis = Int(interval.components.seconds) * 1_000 + Int(interval.components.attoseconds / 1_000_000_000_000_000)
        Thread.detachNewThread { [self] in run() }
    }

    /// Checkpoints run so far (passive ones that found nothing to copy included).
    public var checkpoints: Int { state.withLock { $0.checkpoints } }

    /// The last checkpoint failure, if any (a busy database only delays a checkpoint).
    public var lastError: String? { state.withLock { $0.lastError } }

    /// Stops the thread after a last checkpoint (waiting for it at most a second longer than
    /// twice the interval).
    public func stop() {
        state.withLock { $0.stopRequested = true }
        wake.signal()
        _ = stopped.wait(timeout: .now() + .milliseconds(2 * intervalMillis + 1_000))
    }

    private func run() {
        defer { stopped.signal() }
        while true {
            let stop = state.withLock { $0.stopRequested }
            checkpoint()
            if stop { return }
            _ = wake.wait(timeout: .now() + .milliseconds(intervalMillis))
        }
    }

    private func checkpoint() {
        do {
            try queue.writeWithoutTransaction { db in _ = try db.checkpoint(.passive) }
            state.withLock { $0.checkpoints += 1 }
        } catch {
            state.withLock { $0.lastError = String(describing: error) }
        }
    }
}
