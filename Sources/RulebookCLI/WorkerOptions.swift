import ArgumentParser
import RulebookCore
import RulebookPipeline

/// Options every worker executable takes.
struct WorkerOptions: ParsableArguments {
    @Option(help: "Largest message accepted, in bytes (ZMQ_MAXMSGSIZE).")
    var maxMessageSize: Int = WorkerSettings.defaultMaxMessageBytes

    @Option(help: "Seconds between heartbeat events.")
    var heartbeatInterval: Double = 1

    @Option(help: ArgumentHelp("Exit when this process is no longer the parent (used by `rulebook check`).", visibility: .hidden))
    var parentPid: Int32?

    @OptionGroup var log: LogOptions

    @OptionGroup var security: SecurityOptions

    func validate() throws {
        guard (1...Self.largestMessageSize).contains(maxMessageSize) else {
            throw ValidationError("--max-message-size must be between 1 and \(Self.largestMessageSize) bytes (2 GiB)")
        }
        guard heartbeatInterval >= 0.01, heartbeatInterval <= 3_600 else {
            throw ValidationError("--heartbeat-interval must be between 0.01 and 3600 seconds")
        }
    }

    /// The largest `--max-message-size`: libzmq's limit is a 64-bit count, but buffers sized
    /// from it (and sums with it) must not overflow.
    static let largestMessageSize = 1 << 31

    /// The worker's settings; reading the CURVE key files can fail (RB41x).
    var settings: WorkerSettings {
        get throws(RulebookError) {
            var settings = WorkerSettings(
                maxMessageBytes: maxMessageSize, heartbeatInterval: .milliseconds(Int(heartbeatInterval * 1_000)),
                parentPID: parentPid)
            settings.security = try security.socketSecurity()
            return settings
        }
    }

    /// Logging and signal handlers, before a worker's loop starts.
    func prepareProcess() {
        log.bootstrap(defaultLevel: "info")
        StopSignal.install()
    }
}

/// Defaults for endpoint options, read from `RULEBOOK_*` variables.
let environmentEndpoints = Endpoints.fromEnvironment()
