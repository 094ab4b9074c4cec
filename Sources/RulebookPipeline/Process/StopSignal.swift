import Dispatch
import Foundation
import Synchronization

private let stopRequestedFlag = Atomic<Int32>(0)

/// SIGINT/SIGTERM/SIGHUP handling for poll loops (a closed terminal sends SIGHUP: the run
/// stops and cleans up as on Ctrl-C): the handler only records the signal (an atomic
/// store, async-signal-safe) and interrupts `zmq_poll`; loops look at ``isRequested``
/// between polls and shut down in order.
public enum StopSignal {
    /// The signals that stop a process by default.
    public static let stopSignals = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers for `signals` (SIGINT, SIGTERM and SIGHUP by default); one of
    /// the three left out is ignored. Call once, early in `main`.
    public static func install(stoppingOn signals: [Int32] = stopSignals) {
        // A process inherits the signal mask of the thread that started it: a worker started
        // from a thread that blocks signals (a dispatch worker thread) would never see them.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signalNumber in stopSignals { sigaddset(&unblocked, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for signalNumber in stopSignals where !signals.contains(signalNumber) { signal(signalNumber, SIG_IGN) }
        for signalNumber in signals {
            let previous = signal(signalNumber) { received in
                stopRequestedFlag.store(received, ordering: .relaxed)
            }
            // Started under `nohup`: SIGHUP stays ignored, as asked.
            if signalNumber == SIGHUP, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                signal(SIGHUP, SIG_IGN)
            }
        }
        signal(SIGPIPE, SIG_IGN)
    }

    /// Whether a stop was requested.
    public static var isRequested: Bool { stopRequestedFlag.load(ordering: .relaxed) != 0 }

    /// The signal received, if any.
    public static var received: Int32? {
        let value = stopRequestedFlag.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    /// Waits until `finished` is signalled or a stop is requested, looking every 50 ms (a
    /// server whose work runs in a task): `false` when a signal stopped the wait.
    public static func wait(for finished: DispatchSemaphore) -> Bool {
        while finished.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            if isRequested { return false }
        }
        return true
    }

    /// Requests a stop from code (tests, fatal conditions).
    public static func request() { stopRequestedFlag.store(SIGTERM, ordering: .relaxed) }
}

/// Tells a child worker whether the process that started it is gone (so it never outlives
/// `rulebook check`, even when that process is killed with SIGKILL). The worker loops ask
/// between messages; the kernel is asked at most every ``checkInterval`` (a `getppid`
/// system call per message was a measurable share of a spec's cost). Owned by one loop.
public final class ParentWatch {
    /// The longest a gone parent goes unnoticed, on top of the loop's own wait.
    public static let checkInterval = Duration.milliseconds(50)

    private let parentPID: Int32?
    private var nextCheck = ContinuousClock.now
    private var gone = false

    public init(parentPID: Int32?) {
        self.parentPID = parentPID
    }

    /// `true` when a parent was named and this process has been re-parented.
    public var parentIsGone: Bool {
        guard let parentPID, !gone else { return gone }
        let now = ContinuousClock.now
        guard now >= nextCheck else { return false }
        nextCheck = now + Self.checkInterval
        gone = getppid() != parentPID
        return gone
    }
}

/// A worker's name and CloudEvents `source`.
public struct WorkerIdentity: Sendable {
    public let role: String
    public let name: String
    public let source: String
    public let pid: Int32

    public init(role: String) {
        let host = ProcessInfo.processInfo.hostName
        let pid = ProcessInfo.processInfo.processIdentifier
        self.role = role
        self.pid = pid
        self.name = "\(role)-\(host)-\(pid)"
        self.source = "rulebook://\(role)/\(host)/\(pid)"
    }
}
