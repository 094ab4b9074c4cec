import Dispatch
import RulebookCore

/// Work started on another thread now and awaited later: `rulebook check` reads and indexes
/// the files while its workers start, which is mostly waiting on process start-up.
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the worker thread before `done` is signalled, read after waiting on it.
    private var outcome: Result<Value, RulebookError>?

    init(_ work: @escaping @Sendable () throws(RulebookError) -> Value) {
        DispatchQueue.global(qos: .userInitiated).async {
            do throws(RulebookError) {
                self.outcome = .success(try work())
            } catch {
                self.outcome = .failure(error)
            }
            self.done.signal()
        }
    }

    /// The work's result, once it is done; `.interrupted` as soon as a stop signal comes, so
    /// that reading a large tree does not outlast Ctrl-C or the build system's SIGTERM.
    func value() throws(RulebookError) -> Value {
        guard StopSignal.wait(for: done) else { throw .interrupted }
        done.signal()
        return try outcome!.get()
    }
}
