import Foundation
import Logging
import RulebookCore

/// The thread of a ``PipelineSession``: it opens the connection, runs the jobs it is given in
/// order, keeps the connection healthy between them, and closes it at the end.
final class SessionQueue: @unchecked Sendable {
    typealias Job = @Sendable (Result<SessionConnection, RulebookError>) -> Void

    /// How often the idle thread empties the events socket and looks after the workers.
    static let idleInterval: TimeInterval = 0.25
    /// The thread's stack: twice a process's main thread's default, for SwiftSyntax's recursive parser.
    static let stackSize = 16 << 20

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [Job] = []
    private var closing = false
    private let finished = DispatchSemaphore(value: 0)
    private let logger = Logger(label: "rulebook.session")

    private init() {}

    /// Starts the thread, which opens its connection with `open`; returns once it is open,
    /// or throws what opening threw (the thread has then ended).
    static func start(open: @escaping @Sendable () throws(RulebookError) -> SessionConnection) throws(RulebookError) -> SessionQueue {
        let queue = SessionQueue()
        let opened = DispatchSemaphore(value: 0)
        let outcome = OpenOutcome()
        let thread = Thread {
            let connection = Result { () throws(RulebookError) in try open() }
            outcome.error = connection.failure
            opened.signal()
            guard case .success(let connection) = connection else {
                queue.finished.signal()
                return
            }
            queue.serve(connection)
        }
        thread.name = "rulebook-session"
        thread.stackSize = stackSize
        thread.start()
        opened.wait()
        if let error = outcome.error { throw error }
        return queue
    }

    /// Queues `job`; `false` once the queue is closing.
    func submit(_ job: @escaping Job) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closing else { return false }
        jobs.append(job)
        condition.signal()
        return true
    }

    /// Lets the thread finish the jobs queued, close the connection and end; waits for it.
    func close() {
        condition.lock()
        closing = true
        condition.signal()
        condition.unlock()
        finished.wait()
        // For any other caller waiting too.
        finished.signal()
    }

    /// The thread's loop. A connection that breaks (a worker that keeps dying) fails every
    /// job after it with its error.
    private func serve(_ connection: SessionConnection) {
        var broken: RulebookError?
        while let job = next(idle: {
            guard broken == nil else { return }
            do throws(RulebookError) {
                try connection.idle()
            } catch {
                logger.error("the pipeline broke", metadata: ["code": "\(error.code)", "reason": "\(error.message)"])
                broken = error
            }
        }) {
            job(broken.map { .failure($0) } ?? .success(connection))
        }
        connection.close()
        finished.signal()
    }

    /// The next job, calling `idle` every ``idleInterval`` while there is none; `nil` once
    /// the queue is closing and empty.
    private func next(idle: () -> Void) -> Job? {
        condition.lock()
        while jobs.isEmpty && !closing {
            if !condition.wait(until: Date(timeIntervalSinceNow: Self.idleInterval)) {
                condition.unlock()
                idle()
                condition.lock()
            }
        }
        defer { condition.unlock() }
        return jobs.isEmpty ? nil : jobs.removeFirst()
    }

    /// What opening the connection threw, handed from the thread to the starter.
    private final class OpenOutcome: @unchecked Sendable {
        // Written before the starter is signalled, read after.
        var error: RulebookError?
    }
}

extension Result {
    /// The failure, if this is one.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
