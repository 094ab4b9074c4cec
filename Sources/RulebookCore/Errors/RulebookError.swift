/// The one error taxonomy shared by every Rulebook executable.
///
/// Each case has a stable ``code`` (`RB1xx` input and decoding, `RB2xx` transport,
/// `RB3xx` storage, `RB4xx` usage and configuration, `RB5xx` run and pipeline), a
/// message that says what went wrong and what to do, and the process ``exitCode`` it maps to.
public enum RulebookError: Error, Hashable, Sendable, CustomStringConvertible {
    // MARK: RB1xx — input and decoding
    /// The bytes are not valid JSON.
    case invalidJSON(String)
    /// The JSON is not a CloudEvents 1.0 event (a required attribute is missing or mistyped).
    case notACloudEvent(String)
    /// The event's `specversion` is not `1.0`.
    case unsupportedSpecVersion(String)
    /// The event's `type` is not one Rulebook knows.
    case unknownEventType(String)
    /// The event's `data` (or a bare declared spec) does not match its schema.
    case invalidEventData(String)
    /// The message is not valid UTF-8.
    case invalidUTF8
    /// The message has no bytes.
    case emptyMessage
    /// The message has more than one frame where one was expected.
    case unexpectedMultipart(frames: Int)
    /// The message is larger than the configured limit.
    case messageTooLarge(bytes: Int, limit: Int)
    /// The JSON nests deeper than the decoder accepts.
    case nestingTooDeep(limit: Int)
    /// A Swift source in a spec is larger than the configured limit.
    case sourceTooLarge(path: String, bytes: Int, limit: Int)
    /// A file or folder named on the command line cannot be read.
    case unreadableInput(path: String, reason: String)
    /// The spec carries nothing to check.
    case emptySpec(String)
    /// A known event type arrived on a socket that does not take it.
    case unexpectedEventType(type: String, socket: String)
    /// A Swift source in a spec nests deeper than the Swift front end accepts (in levels, or
    /// in square brackets when `squareBrackets`), first at `line`.
    case sourceTooDeep(path: String, line: Int, depth: Int, limit: Int, squareBrackets: Bool)

    /// `error` found in the input at `location` (a file, `file:line`, `file[index]`): it keeps
    /// the error's own code and exit code, and its message says where.
    indirect case inInput(location: String, error: RulebookError)

    // MARK: RB2xx — transport
    /// A ZeroMQ call failed.
    case transport(operation: String, errno: Int32, reason: String)
    /// An endpoint could not be bound (already in use, bad address, permissions).
    case bindFailed(endpoint: String, reason: String)
    /// An endpoint could not be connected (bad address).
    case connectFailed(endpoint: String, reason: String)
    /// The ZeroMQ context was terminated while a call was in progress.
    case contextTerminated

    // MARK: RB3xx — storage
    /// The database could not be opened or migrated.
    case databaseUnavailable(path: String, reason: String)
    /// A write to the database failed.
    case storageFailed(String)
    /// The run asked for is not in the database.
    case runNotFound(String)
    /// A report or answer could not be written where it was going (standard output, a file):
    /// a full disk or a closed descriptor, or (`readerGone`) a pipe whose reader went away.
    case outputFailed(destination: String, reason: String, readerGone: Bool)

    // MARK: RB4xx — usage and configuration
    /// A command-line argument or environment variable is invalid.
    case invalidArgument(String)
    /// The configuration is invalid.
    case invalidConfiguration(String)
    /// A bind endpoint other hosts could reach, without `--allow-remote` and CURVE keys.
    case remoteBindRefused(endpoint: String, missing: String)
    /// A CURVE key file is unreadable, malformed or readable by others.
    case invalidCurveKey(path: String, reason: String)
    /// libzmq was built without CURVE.
    case curveUnsupported
    /// CURVE is half configured (for example a server key without the process's own key).
    case incompleteCurveConfiguration(String)

    // MARK: RB5xx — run and pipeline
    /// A worker process could not be started.
    case workerStartFailed(name: String, reason: String)
    /// A worker process exited while the run needed it.
    case workerExited(name: String, status: Int32)
    /// The run did not complete within its time limit.
    case runTimedOut(seconds: Double, missing: Int)
    /// The run was interrupted by a signal.
    case interrupted
    /// The workers did not report ready in time.
    case pipelineNotReady(seconds: Double, detail: String)
    /// Specs were sent the maximum number of times without an acknowledgement.
    case deliveryFailed(attempts: Int, missing: [String])
    /// A stored run stopped before all its specs were stored.
    case runIncomplete(run: String, stored: Int, expected: Int)

    /// The stable code, e.g. `RB104`. Codes are a public contract: never renumber.
    public var code: String {
        switch self {
        case .invalidJSON: "RB100"
        case .notACloudEvent: "RB101"
        case .unsupportedSpecVersion: "RB102"
        case .unknownEventType: "RB103"
        case .invalidEventData: "RB104"
        case .invalidUTF8: "RB105"
        case .emptyMessage: "RB106"
        case .unexpectedMultipart: "RB107"
        case .messageTooLarge: "RB108"
        case .nestingTooDeep: "RB109"
        case .sourceTooLarge: "RB110"
        case .unreadableInput: "RB111"
        case .emptySpec: "RB112"
        case .unexpectedEventType: "RB113"
        case .sourceTooDeep: "RB114"
        case .inInput(_, let error): error.code
        case .transport: "RB200"
        case .bindFailed: "RB201"
        case .connectFailed: "RB202"
        case .contextTerminated: "RB203"
        case .databaseUnavailable: "RB300"
        case .storageFailed: "RB301"
        case .runNotFound: "RB302"
        case .outputFailed: "RB303"
        case .invalidArgument: "RB400"
        case .invalidConfiguration: "RB401"
        case .remoteBindRefused: "RB410"
        case .invalidCurveKey: "RB411"
        case .curveUnsupported: "RB412"
        case .incompleteCurveConfiguration: "RB413"
        case .workerStartFailed: "RB500"
        case .workerExited: "RB501"
        case .runTimedOut: "RB502"
        case .interrupted: "RB503"
        case .pipelineNotReady: "RB504"
        case .deliveryFailed: "RB505"
        case .runIncomplete: "RB506"
        }
    }

    /// What went wrong and what to do about it.
    public var message: String {
        switch self {
        case .invalidJSON(let detail):
            "message is not valid JSON (\(detail)); send one CloudEvent or declared spec as a UTF-8 JSON object"
        case .notACloudEvent(let detail):
            "message is not a CloudEvents 1.0 event: \(detail); send structured-mode JSON with specversion, id, source and type, or a bare declared spec"
        case .unsupportedSpecVersion(let version):
            "specversion '\(version)' is not supported; Rulebook speaks CloudEvents specversion '1.0'"
        case .unknownEventType(let type):
            "event type '\(type)' is unknown; see docs for the dev.rulebook.* types"
        case .invalidEventData(let detail):
            "event data does not match its schema: \(detail)"
        case .invalidUTF8:
            "message is not valid UTF-8; encode JSON as UTF-8"
        case .emptyMessage:
            "message is empty; send one JSON object per frame"
        case .unexpectedMultipart(let frames):
            "message has \(frames) frames; send each event as a single frame"
        case .messageTooLarge(let bytes, let limit):
            "message of \(bytes) bytes exceeds the \(limit)-byte limit; split the spec or raise --max-message-size"
        case .nestingTooDeep(let limit):
            "JSON nests deeper than \(limit) levels; flatten the document"
        case .sourceTooLarge(let path, let bytes, let limit):
            "source '\(path)' has \(bytes) bytes, over the \(limit)-byte limit; exclude generated files"
        case .unreadableInput(let path, let reason):
            "cannot read '\(path)': \(reason)"
        case .emptySpec(let detail):
            "spec has nothing to check: \(detail)"
        case .unexpectedEventType(let type, let socket):
            "event type '\(type)' is not accepted on the \(socket) socket"
        case .sourceTooDeep(let path, let line, let depth, let limit, let squareBrackets):
            squareBrackets
                ? "source '\(path)' nests square brackets \(depth) deep at line \(line), over the limit of \(limit) (each level doubles the Swift parser's time); flatten the literal or type there, or exclude generated files"
                : "source '\(path)' nests \(depth) levels deep at line \(line), over the limit of \(limit) (brackets, generic arguments, #if blocks, else-if, try/await and call chains each add levels); split the code there, or exclude generated files"
        case .inInput(let location, let error):
            "\(location): \(error.message)"
        case .transport(let operation, let errno, let reason):
            "ZeroMQ \(operation) failed (errno \(errno)): \(reason)"
        case .bindFailed(let endpoint, let reason):
            "cannot bind \(endpoint): \(reason); is another Rulebook process using it?"
        case .connectFailed(let endpoint, let reason):
            "cannot connect to \(endpoint): \(reason); check the endpoint syntax (tcp://host:port or ipc:///path)"
        case .contextTerminated:
            "the messaging context was shut down"
        case .databaseUnavailable(let path, let reason):
            "cannot open database '\(path)': \(reason)"
        case .storageFailed(let detail):
            "storing results failed: \(detail)"
        case .runNotFound(let run):
            "run '\(run)' is not in the database"
        case .outputFailed(let destination, let reason, _):
            "cannot write \(destination): \(reason)"
        case .invalidArgument(let detail):
            detail
        case .invalidConfiguration(let detail):
            "invalid configuration: \(detail)"
        case .remoteBindRefused(let endpoint, let missing):
            "refusing to bind \(endpoint): other hosts could connect to it; \(missing) (see SECURITY.md)"
        case .invalidCurveKey(let path, let reason):
            "CURVE key file '\(path)' \(reason); create keys with `rulebook keygen NAME`"
        case .curveUnsupported:
            "this libzmq was built without CURVE (libsodium); install a libzmq with CURVE support"
        case .incompleteCurveConfiguration(let detail):
            "incomplete CURVE configuration: \(detail) (see SECURITY.md)"
        case .workerStartFailed(let name, let reason):
            "cannot start \(name): \(reason); is it built next to the rulebook executable?"
        case .workerExited(let name, let status):
            "\(name) exited with status \(status) during the run; see its log above"
        case .runTimedOut(let seconds, let missing):
            "run did not complete within \(Self.format(seconds)) s (\(missing) spec(s) without a result); raise --timeout or check the workers"
        case .deliveryFailed(let attempts, let missing):
            "\(missing.count) spec(s) were sent \(attempts) times without being stored: \(missing.prefix(10).joined(separator: ", "))\(missing.count > 10 ? ", …" : ""); is the persister running and reachable?"
        case .runIncomplete(let run, let stored, let expected):
            "run \(run) is incomplete: \(stored) of \(expected) spec(s) stored (its producer stopped); its findings are partial — check again"
        case .pipelineNotReady(let seconds, let detail):
            "workers did not report ready within \(Self.format(seconds)) s (\(detail)); raise --timeout or see the worker logs"
        case .interrupted:
            "interrupted"
        }
    }

    /// The process exit code this error maps to (see ARCHITECTURE.md's command-line contract).
    public var exitCode: Int32 {
        switch code.prefix(3) {
        case "RB1", "RB4": 2
        case "RB5" where self == .interrupted: 130
        // A reader that went away, as a shell reports a process SIGPIPE ended (128 + 13).
        case "RB3" where isReaderGone: 141
        default: 3
        }
    }

    public var description: String { "\(code): \(message)" }

    /// Output to a pipe whose reader went away: the quiet end of `rulebook … | head`.
    public var isReaderGone: Bool {
        if case .outputFailed(_, _, readerGone: true) = self { return true }
        return false
    }

    /// Seconds with at most three decimals (`0.001`, `2.5`, `300`).
    private static func format(_ seconds: Double) -> String {
        var text = String(format: "%.3f", seconds)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
