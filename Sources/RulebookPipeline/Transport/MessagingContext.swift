import Foundation
import RulebookCore
import ZeroMQ

/// The ZeroMQ contexts of a Rulebook process, their I/O threads scheduled as
/// `RULEBOOK_IO_THREADS` says: `batch` (the default, see ``IOThreadScheduling``) or `normal`.
public enum MessagingContext {
    /// The environment variable that chooses the scheduling of every context the process makes.
    public static let ioThreadsVariable = "RULEBOOK_IO_THREADS"

    /// A new context scheduled as `environment` asks; RB401 for a bad `RULEBOOK_IO_THREADS`.
    public static func make(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(RulebookError) -> ZMQContext {
        let scheduling = try ioThreads(in: environment)
        return try zmq(ZMQContext(ioThreads: scheduling))
    }

    /// The scheduling `RULEBOOK_IO_THREADS` asks for in `environment`: ``IOThreadScheduling/batch``
    /// when it is unset or empty; any value other than `batch` or `normal` is RB401.
    static func ioThreads(in environment: [String: String]) throws(RulebookError) -> IOThreadScheduling {
        guard let value = environment[ioThreadsVariable], !value.isEmpty else { return .batch }
        guard let scheduling = IOThreadScheduling(rawValue: value) else {
            throw .invalidConfiguration(
                "\(ioThreadsVariable) must be one of \(IOThreadScheduling.allCases.map(\.rawValue).joined(separator: ", ")), not '\(value)'")
        }
        return scheduling
    }
}
