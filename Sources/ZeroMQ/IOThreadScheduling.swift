#if canImport(Glibc)
import Glibc
#endif

/// How libzmq's I/O threads (one per context, moving every message between the sockets
/// and the network) are scheduled.
///
/// Under load, each burst of messages wakes an I/O thread, and a woken thread of the
/// normal policy preempts whatever runs on its core — usually the worker's own thread, in
/// the middle of a spec. On the 2-core bench machine that made half a million context
/// switches a minute and cost the declared pipeline about a sixth of its throughput.
/// `SCHED_BATCH` (Linux) keeps the I/O threads' share of the CPU but stops their wake-ups
/// from preempting: they run when a core is free or the running thread's slice ends. On an
/// idle core (light load, where latency is measured) they still run at once.
public enum IOThreadScheduling: String, Sendable, CaseIterable {
    /// `SCHED_BATCH` on Linux; the normal policy elsewhere.
    case batch
    /// The normal policy (`SCHED_OTHER`), as libzmq leaves it.
    case normal

    /// The policy to give libzmq (`ZMQ_THREAD_SCHED_POLICY`), or `nil` to leave its default:
    /// also `nil` where the system refuses the policy (see ``batchIsAllowed``).
    var policy: Int32? {
        #if os(Linux)
        self == .batch && Self.batchIsAllowed ? Self.schedBatch : nil
        #else
        nil
        #endif
    }

    #if os(Linux)
    /// SCHED_BATCH: 3 in the kernel's ABI (<linux/sched.h>); Glibc's module does not export
    /// it (a GNU extension of <sched.h>).
    private static let schedBatch: Int32 = 3

    /// Whether this process may give a thread `SCHED_BATCH` (asked once). A sandbox's
    /// system-call filter may refuse it, and libzmq aborts the process when its I/O thread
    /// cannot take the policy it was given: such a process keeps the default instead.
    static let batchIsAllowed = probeBatch()

    /// Gives `SCHED_BATCH` to the calling thread, then restores the thread's policy; `true`
    /// when both were allowed.
    static func probeBatch() -> Bool {
        let thread = pthread_self()
        var policy: Int32 = 0
        var original = sched_param()
        guard pthread_getschedparam(thread, &policy, &original) == 0 else { return false }
        var batch = sched_param()
        batch.sched_priority = 0
        guard pthread_setschedparam(thread, schedBatch, &batch) == 0 else { return false }
        return pthread_setschedparam(thread, policy, &original) == 0
    }
    #endif
}
