import CZeroMQ
import Foundation
import Testing
@testable import ZeroMQ

/// The I/O threads of a context run under the policy it was made with (read back from
/// the kernel).
struct IOThreadSchedulingTests {
    /// The scheduling policy of the context's I/O thread, as `/proc` reports it. The thread
    /// is found by a name prefix unique to the test; it sets its policy itself once started,
    /// so the check waits for it (at most a few seconds).
    static func ioThreadPolicy(of scheduling: IOThreadScheduling, prefix: Int32) throws -> Int? {
        let context = try ZMQContext(ioThreads: scheduling)
        #expect(zmq_ctx_set(context.handle, ZMQ_THREAD_NAME_PREFIX, prefix) == 0)
        let socket = try ZMQSocket(context: context, type: .pull)  // starts the I/O thread
        defer { withExtendedLifetime(socket) {} }
        let name = "\(prefix)/ZMQbg/IO/0"
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? [] {
                let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
                guard comm.trimmingCharacters(in: .whitespacesAndNewlines) == name,
                    let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
                    let afterName = stat.range(of: ") ", options: .backwards)
                else { continue }
                // Fields after the name start at the 3rd; the policy is the 41st.
                let fields = stat[afterName.upperBound...].split(separator: " ")
                if let policy = Int(fields[41 - 3]), scheduling == .normal || policy != 0 { return policy }
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return nil
    }

    @Test func batchIOThreadsRunAsSchedBatch() throws {
        #expect(try Self.ioThreadPolicy(of: .batch, prefix: 4711) == 3)
    }

    /// The probe for `SCHED_BATCH` gives it to the calling thread for a moment: the thread
    /// must get its own policy back. (Here the probe succeeds; a refusing sandbox would make
    /// the contexts keep the default policy instead of libzmq aborting.)
    @Test func probingForBatchLeavesTheCallersPolicyAlone() {
        var before: Int32 = -1, after: Int32 = -1
        var parameters = sched_param()
        #expect(pthread_getschedparam(pthread_self(), &before, &parameters) == 0)
        #expect(IOThreadScheduling.probeBatch())
        #expect(pthread_getschedparam(pthread_self(), &after, &parameters) == 0)
        #expect(before == after)
    }

    @Test func normalIOThreadsKeepTheDefaultPolicy() throws {
        #expect(try Self.ioThreadPolicy(of: .normal, prefix: 4712) == 0)
    }
}
