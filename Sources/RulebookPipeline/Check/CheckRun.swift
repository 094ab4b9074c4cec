import Foundation
import Logging
import RulebookCore
import RulebookStore
import ZeroMQ

/// What `rulebook check` was asked to do.
public struct CheckOptions: Sendable {
    public var paths: [String]
    public var validators: Int
    /// `--db`: a SQLite file or a PostgreSQL URL; `nil` keeps the run in a temporary file.
    public var databasePath: String?
    public var timeout: Duration
    public var childLogLevel: String
    /// Log format of the workers (`text`, `logfmt`, `json`).
    public var childLogFormat = "text"
    /// Draw a progress bar (files done, rate, ETA) on stderr while the run goes on.
    public var showsProgress = false
    /// The loaded `.rulebook.yml`.
    public var configuration: ConfigurationDocument
    /// How unacknowledged specs are resent.
    public var delivery = DeliveryPolicy()
    /// One file's contents to check instead of `paths` (an editor's buffer on standard
    /// input), and the path to check them as.
    public var contents: (data: Data, path: String)?

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
/// to complete, records the run's history (commit, configuration hash, timings, the files
/// of each spec) and reads its report from the database. Children are always stopped.
public struct CheckRun {
    private let options: CheckOptions
    /// Validators this run starts (``validators(for:)``).
    private let validators: Int
    private let logger = Logger(label: "rulebook.check")

    public init(options: CheckOptions) {
        self.options = options
        self.validators = Self.validators(for: options)
    }

    /// Runs the check and returns its report with every spec of the run.
    public func execute() throws(RulebookError) -> ReportDocument {
        let started = ContinuousClock.now
        let startedAt = Date()
        let runId = UUID().uuidString.lowercased()
        let host = ProcessInfo.processInfo.hostName
        let source = "rulebook://check/\(host)/\(getpid())"
        let sourceRoot = FileManager.default.currentDirectoryPath
        let scanner = SpecScanner(
            root: sourceRoot, filter: PathFilter(excluded: options.configuration.excluded),
            configuration: options.configuration.rules == RuleConfiguration() ? nil : options.configuration.rules)
        // The files are read and indexed while the workers start.
        let paths = options.paths
        let contents = options.contents
        let scanning = BackgroundWork { () throws(RulebookError) in
            if let contents { return scanner.scan(contents: contents.data, as: contents.path) }
            return try scanner.scan(paths)
        }
        // Asking git is a child process: off the critical path too.
        let gitCommit = BackgroundWork { () throws(RulebookError) in paths.first.flatMap(GitRevision.head(of:)) }
        // A database named on the command line is opened before the workers start, so a bad
        // URL, an unreachable server or refused credentials fail at once (RB400, RB300).
        let named = try options.databasePath.map { (text) throws(RulebookError) in try DatabaseLocation(text) }
        let namedStore = try named?.open()
        let folder = try Self.privateFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = named ?? .sqlite(path: folder + "/rulebook.sqlite")
        let opened = RunOpened(runId: runId, expectedSpecs: 0, tool: "rulebook check", paths: options.paths)
        var specFiles: [String: [String]] = [:]
        let completed = try runPipeline(database: database, endpoints: Endpoints.ipc(in: folder)) {
            () throws(RulebookError) -> PreparedRun? in
            let run = PreparedRun(
                scan: try scanning.value(), opened: opened, source: source, maxMessageBytes: WorkerSettings.defaultMaxMessageBytes)
            specFiles = run.files
            return run.isEmpty ? nil : run
        }
        let history = { (validators: Int, finished: ContinuousClock.Instant) in
            let duration = Self.millis(from: started, to: finished)
            return RunHistory(
                gitCommit: (try? gitCommit.value()) ?? nil,
                configHash: ConfigurationHash.of(options.configuration), sourceRoot: sourceRoot, host: host,
                startedAt: Timestamp.string(from: startedAt),
                finishedAt: Timestamp.string(from: startedAt.addingTimeInterval(Double(duration) / 1_000)),
                durationMillis: duration, validators: validators, specSource: source,
                specFiles: specFiles)
        }

        guard let completed else {
            logger.notice("no Swift files or declared specs found", metadata: ["paths": "\(options.paths)"])
            let record = history(0, .now)
            guard let namedStore else {
                let info = CheckReport.RunInfo(
                    id: runId, tool: opened.tool, paths: options.paths, ruleSetVersion: opened.ruleSetVersion,
                    startedAt: record.startedAt, durationMillis: record.durationMillis, validators: 0,
                    gitCommit: record.gitCommit, configHash: record.configHash, expectedSpecs: 0)
                return ReportDocument(
                    report: CheckReport(run: info, summary: RunSummary(), findings: [], rejections: []),
                    sourceRoot: sourceRoot, host: host, finishedAt: record.finishedAt)
            }
            _ = try namedStore.apply([.openRun(opened)])
            try namedStore.recordHistory(record, ofRun: runId)
            return try StoredReport.load(runId: runId, from: namedStore)
        }
        let record = history(validators, completed)
        let store: any ResultStore
        if let namedStore { store = namedStore } else { store = try database.open() }
        try store.recordHistory(record, ofRun: runId)
        return try StoredReport.load(runId: runId, from: store)
    }

    /// Validators to start: no more than the specs there can be. Files named one by one (or
    /// stdin) hold at most one spec each; a folder may hold any number.
    private static func validators(for options: CheckOptions) -> Int {
        if options.contents != nil { return 1 }
        var isDirectory: ObjCBool = false
        let files = options.paths.allSatisfy { FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory.boolValue }
        return files ? max(1, min(options.validators, options.paths.count)) : options.validators
    }

    /// Starts the workers, then asks `run` for the run and its specs (`nil`: nothing to check),
    /// sends them and waits for the run's completion; returns when it completed, or `nil`. The
    /// workers are stopped when it returns or throws.
    private func runPipeline(
        database: DatabaseLocation, endpoints: Endpoints,
        run: () throws(RulebookError) -> PreparedRun?
    ) throws(RulebookError) -> ContinuousClock.Instant? {
        let context = try ZMQContext()
        let events = try RunDriver.subscriber(context: context, endpoint: endpoints.events)
        let control = try ZMQSocket(context: context, type: .push)
        try control.connect(endpoints.results)
        let work = try ZMQSocket(context: context, type: .push)
        // A small queue per validator spreads work evenly and bounds what a dying validator takes with it.
        try work.setSendHighWaterMark(WorkerSettings.workQueueDepth)
        try work.bind(endpoints.work)

        let supervisor = WorkerSupervisor()
        // Validators first, so their last results reach a persister that is still running.
        defer { supervisor.stopAll(first: { $0.hasPrefix("validator") }) }
        let common = [
            "--results", endpoints.results, "--parent-pid", "\(getpid())", "--heartbeat-interval", "0.1",
            "--log-level", options.childLogLevel, "--log-format", options.childLogFormat,
        ]
        let child = database.childArguments
        try supervisor.launch(
            name: "persister", executable: WorkerProcess.executable(named: "rulebook-persister"),
            arguments: common + ["--events", endpoints.events] + child.arguments, environment: child.environment)
        for index in 1...validators {
            try supervisor.launch(
                name: "validator-\(index)", executable: WorkerProcess.executable(named: "rulebook-validator"),
                arguments: common + ["--work", endpoints.work])
        }
        let health = { () throws(RulebookError) in try supervisor.keepAlive() }
        // While the workers start up.
        guard let prepared = try run() else { return nil }

        let driver = RunDriver(events: events, timeout: options.timeout)
        try driver.awaitReady(validators: validators, health: health)
        var progress: ProgressBar?
        if options.showsProgress {
            let files = prepared.files.mapValues { max($0.count, 1) }
            let bar = ProgressBar(total: files.values.reduce(0, +))
            driver.onAck = { ack in bar.advance(by: files[ack.specId] ?? 0) }
            bar.draw()
            progress = bar
        }
        defer { progress?.finish() }
        _ = try driver.run(
            opened: prepared.opened, specs: prepared.specs, rejections: prepared.rejections, control: control, work: work,
            policy: options.delivery, health: health)
        if driver.resentCount > 0 || supervisor.restarts > 0 {
            logger.notice("run completed after recovery", metadata: ["resent": "\(driver.resentCount)", "restarts": "\(supervisor.restarts)"])
        }
        return .now
    }

    private static func millis(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant) -> Int {
        let elapsed = end - start
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
