import Foundation
import RulebookCore

/// The four service endpoints of a Rulebook pipeline. Every one defaults to loopback and can
/// be set by a flag or a `RULEBOOK_*` environment variable.
public struct Endpoints: Sendable, Hashable {
    /// Producer intake (PULL, bound by the producer): where other tools push specs.
    public var intake: String
    /// Work (PUSH, bound by the producer; validators connect and PULL).
    public var work: String
    /// Results (PULL, bound by the persister; validators and producer connect and PUSH).
    public var results: String
    /// Events (PUB, bound by the persister; anyone connects and SUBscribes).
    public var events: String

    public init(intake: String, work: String, results: String, events: String) {
        self.intake = intake
        self.work = work
        self.results = results
        self.events = events
    }

    /// The documented defaults, overridden by `RULEBOOK_INTAKE`, `RULEBOOK_WORK`,
    /// `RULEBOOK_RESULTS` and `RULEBOOK_EVENTS`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Endpoints {
        Endpoints(
            intake: environment["RULEBOOK_INTAKE"] ?? "tcp://127.0.0.1:5555",
            work: environment["RULEBOOK_WORK"] ?? "tcp://127.0.0.1:5556",
            results: environment["RULEBOOK_RESULTS"] ?? "tcp://127.0.0.1:5557",
            events: environment["RULEBOOK_EVENTS"] ?? "tcp://127.0.0.1:5558")
    }

    /// The endpoints of a list that names several peers, `tcp://a:5557,tcp://b:5557`: split at
    /// each comma followed by a transport (`tcp://`, `ipc://`…), so a comma inside an `ipc://`
    /// path stays part of it. Only connected endpoints may be lists; a socket binds one.
    public static func list(_ value: String) -> [String] {
        var endpoints: [String] = []
        var current = Substring(value)
        while let comma = current.indices.first(where: { index in
            current[index] == "," && transports.contains { current[current.index(after: index)...].hasPrefix($0) }
        }) {
            endpoints.append(String(current[..<comma]))
            current = current[current.index(after: comma)...]
        }
        endpoints.append(String(current))
        return endpoints
    }

    /// The transports libzmq knows, as endpoints start.
    private static let transports = ["tcp://", "ipc://", "inproc://", "pgm://", "epgm://", "vmci://", "ws://", "wss://", "tipc://"]

    /// Private `ipc://` endpoints inside `directory` (used by `rulebook check`).
    public static func ipc(in directory: String) -> Endpoints {
        Endpoints(
            intake: "ipc://\(directory)/intake", work: "ipc://\(directory)/work",
            results: "ipc://\(directory)/results", events: "ipc://\(directory)/events")
    }
}

/// Tunables shared by the workers.
public struct WorkerSettings: Sendable {
    /// Largest message accepted, default 16 MiB: a larger one is answered with RB108.
    public var maxMessageBytes: Int
    /// Time between heartbeats.
    public var heartbeatInterval: Duration
    /// Exit when this process is no longer the parent (set by `rulebook check`).
    public var parentPID: Int32?
    /// How the worker binds and connects its sockets (loopback and ipc only, without CURVE,
    /// by default).
    public var security = SocketSecurity()

    /// The default of ``maxMessageBytes``.
    public static let defaultMaxMessageBytes = 16 << 20

    public init(maxMessageBytes: Int = defaultMaxMessageBytes, heartbeatInterval: Duration = .seconds(1), parentPID: Int32? = nil) {
        self.maxMessageBytes = maxMessageBytes
        self.heartbeatInterval = heartbeatInterval
        self.parentPID = parentPID
    }

    /// Specs queued per validator connection (producer send HWM and validator receive HWM):
    /// small, so work spreads evenly and a dying validator loses little (it is resent).
    public static let workQueueDepth: Int32 = 32

    /// `ZMQ_MAXMSGSIZE`: the hard cap that bounds memory. Messages between
    /// ``maxMessageBytes`` and this cap are received and answered with RB108; libzmq drops
    /// larger ones with the sender's connection, before any Rulebook code sees them.
    public var socketMessageCap: Int64 {
        Int64(maxMessageBytes) * 2 + (1 << 20)
    }

    /// The RB108 error for a message of `bytes`, or `nil` when it fits.
    func sizeError(_ bytes: Int) -> RulebookError? {
        bytes > maxMessageBytes ? .messageTooLarge(bytes: bytes, limit: maxMessageBytes) : nil
    }
}
