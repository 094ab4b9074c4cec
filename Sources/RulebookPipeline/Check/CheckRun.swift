import Foundation
import Logging
import RulebookCore
import RulebookStore
import ZeroMQ

/// What `rulebook check` was asked to do.
public struct CheckOptions: Sendable {
    public var paths: [String]
    public var validators: Int
    public var databasePath: String?
    public var timeout: Duration
    public var childLogLevel: String
    /// The loaded `.rulebook.yml`.
    public var configuration: ConfigurationDocument

    public init(
        paths: [String], validators: Int, databasePath: String?, timeout: Duration, childLogLevel: String,
        configuration: ConfigurationDocument = ConfigurationDocument()
    ) {
        self.configuration = configuration
        self.paths = paths
        self.validators = validators
        self.databasePath = databasePath
        self.timeout = timeout
        self.childLogLevel = childLogLevel
    }
}

/// The one-command local pipeline: starts a persister and N validators as child processes
/// on private `ipc://` endpoints in a 0700 folder, acts as the producer, waits for the run
/// to complete and reads its report from the database. Children are always stopped.
public struct CheckRun {
    private let options: CheckOptions
    private let logger = Logger(label: "rulebook.check")

    public init(options: CheckOptions) {
        self.options = options
    }

    /// Runs the check and returns its report.
    public func execute() throws(RulebookError) -> CheckReport {
        let started = ContinuousClock.now
        let startedAt = Timestamp.string(from: Date())
        let runId = UUID().uuidString.lowercased()
        let scanner = SpecScanner(
            filter: PathFilter(excluded: options.configuration.excluded),
            configuration: options.configuration.rules == RuleConfiguration() ? nil : options.configuration.rules)
        let specs = try scanner.specs(in: options.paths)
        let info = { (validators: Int) in
            CheckReport.RunInfo(
                id: runId, tool: "rulebook check", paths: options.paths, ruleSetVersion: RuleRegistry.version,
                startedAt: startedAt, durationMillis: Self.millis(since: started), validators: validators)
        }
        guard !specs.isEmpty else {
            logger.notice("no Swift files or declared specs found", metadata: ["paths": "\(options.paths)"])
            return CheckReport(run: info(0), summary: RunSummary(), findings: [], rejections: [])
        }

        let folder = try Self.privateFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let databasePath = options.databasePath ?? folder + "/rulebook.sqlite"
        let endpoints = Endpoints.ipc(in: folder)

        let context = try ZMQContext()
        let events = try RunDriver.subscriber(context: context, endpoint: endpoints.events)
        let control = try ZMQSocket(context: context, type: .push)
        try control.connect(endpoints.results)
        let work = try ZMQSocket(context: context, type: .push)
        try work.setSendHighWaterMark(1_000)
        try work.bind(endpoints.work)

        var children: [WorkerProcess] = []
        defer {
            // Validators first, so their last results reach a persister that is still running.
            WorkerProcess.stop(Array(children.dropFirst()))
            WorkerProcess.stop(Array(children.prefix(1)))
        }
        let common = [
            "--results", endpoints.results, "--parent-pid", "\(getpid())", "--heartbeat-interval", "0.2",
            "--log-level", options.childLogLevel,
        ]
        let binaries = WorkerProcess.binaryFolder()
        children.append(
            try WorkerProcess.launch(
                name: "persister", executable: binaries.appendingPathComponent("rulebook-persister"),
                arguments: common + ["--events", endpoints.events, "--db", databasePath]))
        for index in 1...options.validators {
            children.append(
                try WorkerProcess.launch(
                    name: "validator-\(index)", executable: binaries.appendingPathComponent("rulebook-validator"),
                    arguments: common + ["--work", endpoints.work]))
        }
        let health = { () throws(RulebookError) in
            for child in children { try child.checkAlive() }
        }

        let driver = RunDriver(events: events, timeout: options.timeout)
        try driver.awaitReady(validators: options.validators, health: health)
        let source = "rulebook://check/\(ProcessInfo.processInfo.hostName)/\(getpid())"
        let opened = CloudEvent(
            source: source, runId: runId,
            data: RunOpened(runId: runId, expectedSpecs: specs.count, tool: "rulebook check", paths: options.paths))
        let submitted = specs.map { CloudEvent(source: source, runId: runId, data: $0) }
        _ = try driver.run(opened: opened, specs: submitted, control: control, work: work, health: health)

        let store = try ResultStore(path: databasePath)
        return CheckReport(
            run: info(options.validators), summary: try store.summary(ofRun: runId),
            findings: try store.findings(ofRun: runId),
            rejections: try store.rejections(ofRun: runId).map {
                CheckReport.Rejection(specId: $0.specId, code: $0.code, message: $0.message)
            })
    }

    private static func millis(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }

    /// A new folder only this user can enter, for the ipc sockets and the temporary database.
    private static func privateFolder() throws(RulebookError) -> String {
        var template = Array((FileManager.default.temporaryDirectory.path + "/rulebook-XXXXXX").utf8CString)
        guard let pointer = mkdtemp(&template) else {
            throw .workerStartFailed(name: "rulebook check", reason: "cannot create a private temporary folder")
        }
        return String(cString: pointer)
    }
}
