import Foundation
import Logging
import RulebookCore
import RulebookStore
import RulebookWire
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
    /// The folder of the result cache (``ResultCache``); `nil` checks everything afresh.
    public var cacheFolder: String?
    /// The size the result cache is kept under.
    public var cacheMaximumBytes = ResultCache.defaultMaximumBytes

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

    /// Runs the check and returns its report with every spec of the run: plan (read the
    /// files while the workers start), cache (answer what it has seen), run (the pipeline
    /// checks the rest), history, report.
    public func execute() throws(RulebookError) -> ReportDocument {
        let identity = RunIdentity()
        let cache = openCache()
        let planner = RunPlanner(
            scanning: startScan(root: identity.sourceRoot, cache: cache), cache: cache,
            opened: RunOpened(runId: identity.runId, expectedSpecs: 0, tool: "rulebook check", paths: options.paths),
            source: identity.source)
        // Asking git is a child process: off the critical path too.
        let paths = options.paths
        let gitCommit = BackgroundWork { () throws(RulebookError) in paths.first.flatMap(GitRevision.head(of:)) }
        let folder = try RunFolder.make()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stores = try RunStores(named: options.databasePath, folder: folder, timeout: options.timeout)
        // A cache that may answer the whole run is asked before any worker starts.
        let pipeline = try runPipeline(
            database: stores.database, resultStore: stores.open, endpoints: Endpoints.ipc(in: folder),
            waitsForPreparation: cache?.isEmpty == false, prepare: planner.prepare)
        let record = identity.history(
            validators: pipeline?.validators ?? 0, finished: pipeline?.finished ?? .now, gitCommit: (try? gitCommit.value()) ?? nil,
            configuration: options.configuration, specFiles: planner.specFiles)
        guard let pipeline else {
            logger.notice("no Swift files or declared specs found", metadata: ["paths": "\(options.paths)"])
            return try emptyReport(identity, record, opened: planner.opened, store: stores.named)
        }
        let store = try stores.open()
        try store.recordHistory(record, ofRun: identity.runId)
        try planner.rememberVerdicts(of: identity.runId, in: store, validated: pipeline.validated)
        return try StoredReport.load(runId: identity.runId, from: store)
    }

    /// The scanner of this run, reading the files (and, without a cache, indexing them) in
    /// the background while the workers start.
    private func startScan(root: String, cache: ResultCache?) -> BackgroundWork<SpecScan> {
        var scanner = SpecScanner(
            root: root, filter: PathFilter(excluded: options.configuration.excluded, folder: options.configuration.folder, root: root),
            configuration: options.configuration.rules == RuleConfiguration() ? nil : options.configuration.rules)
        scanner.cache = cache
        // A link in the repository that leads out of it is not followed (SECURITY.md).
        scanner.projectFolder = ConfigurationLoader.repositoryRoot(from: root) ?? options.configuration.folder ?? root
        // With a cache, the project's index waits until the cache could not answer the whole run.
        scanner.addsProjectContext = cache == nil
        let paths = options.paths
        let contents = options.contents
        return BackgroundWork { [scanner] () throws(RulebookError) in
            if let contents { return scanner.scan(contents: contents.data, as: contents.path) }
            return try scanner.scan(paths)
        }
    }

    /// The report of a run with nothing to check: stored with its history in the database
    /// the command line names, if any.
    private func emptyReport(
        _ identity: RunIdentity, _ record: RunHistory, opened: RunOpened, store: (any ResultStore)?
    ) throws(RulebookError) -> ReportDocument {
        guard let store else {
            let info = CheckReport.RunInfo(
                id: identity.runId, tool: opened.tool, paths: options.paths, ruleSetVersion: opened.ruleSetVersion,
                startedAt: record.startedAt, durationMillis: record.durationMillis, validators: 0,
                gitCommit: record.gitCommit, configHash: record.configHash, expectedSpecs: 0)
            return ReportDocument(
                report: CheckReport(run: info, summary: RunSummary(), findings: [], rejections: []),
                sourceRoot: identity.sourceRoot, host: identity.host, finishedAt: record.finishedAt)
        }
        _ = try store.apply([.openRun(opened)])
        try store.recordHistory(record, ofRun: identity.runId)
        return try StoredReport.load(runId: identity.runId, from: store)
    }

    /// The result cache, if the options name one that can be opened (a cache that cannot be
    /// opened only makes the check slower).
    private func openCache() -> ResultCache? {
        guard let folder = options.cacheFolder, options.contents == nil else { return nil }
        return ResultCache.opened(folder: folder, maximumBytes: options.cacheMaximumBytes, logger: logger)
    }

    /// Validators to start: no more than the specs there can be. Files named one by one (or
    /// stdin) hold at most one spec each; a folder may hold any number.
    private static func validators(for options: CheckOptions) -> Int {
        if options.contents != nil { return 1 }
        var isDirectory: ObjCBool = false
        let files = options.paths.allSatisfy { FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory.boolValue }
        return files ? max(1, min(options.validators, options.paths.count)) : options.validators
    }

    /// How the pipeline part of a run went.
    private struct PipelineOutcome {
        /// When the run completed.
        var finished: ContinuousClock.Instant
        /// Validators started.
        var validators: Int
        /// The specs validators checked (the others were answered from the cache).
        var validated: [CloudEvent<SpecSubmitted>]
    }

    /// Asks `prepare` for the run (`nil`: nothing to check) and stores its verdicts: a run
    /// the cache answers whole is stored here, without workers; otherwise it starts the
    /// persister and validators, sends the run and waits for its completion. The workers
    /// start before `prepare` is called, so they start while it reads the files, unless
    /// `waitsForPreparation` (with a cache, the run may need no workers at all). The workers
    /// are stopped when it returns or throws.
    private func runPipeline(
        database: DatabaseLocation, resultStore: () throws(RulebookError) -> any ResultStore, endpoints: Endpoints,
        waitsForPreparation: Bool, prepare: () throws(RulebookError) -> CacheSplit?
    ) throws(RulebookError) -> PipelineOutcome? {
        var early: CacheSplit?
        if waitsForPreparation {
            guard let split = try prepare() else { return nil }
            if split.toValidate.isEmpty {
                try store(split, in: resultStore())
                return PipelineOutcome(finished: .now, validators: 0, validated: [])
            }
            early = split
        }
        let validators = min(self.validators, max(early?.toValidate.count ?? self.validators, 1))
        let context = try MessagingContext.make()
        let pipeline = try PrivatePipeline(
            context: context, endpoints: endpoints, database: database, validators: validators,
            logLevel: options.childLogLevel, logFormat: options.childLogFormat)
        // `--timeout` bounds the command: past it, a worker stuck on a frozen database gets
        // half a second to exit, not the usual grace.
        let deadline = ContinuousClock.now + options.timeout
        defer { pipeline.stop(grace: min(WorkerProcess.stopGrace, max(.milliseconds(500), deadline - .now))) }
        let health = { () throws(RulebookError) in try pipeline.keepAlive() }
        // While the workers start up.
        if early == nil { early = try prepare() }
        guard let split = early else { return nil }
        let prepared = split.run

        let driver = RunDriver(events: pipeline.events, timeout: options.timeout)
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
            opened: prepared.opened, specs: split.toValidate, rejections: prepared.rejections, answered: split.answered,
            control: pipeline.control, work: pipeline.work, policy: options.delivery, health: health)
        if driver.resentCount > 0 || pipeline.supervisor.restarts > 0 {
            logger.notice("run completed after recovery", metadata: ["resent": "\(driver.resentCount)", "restarts": "\(pipeline.supervisor.restarts)"])
        }
        return PipelineOutcome(finished: .now, validators: validators, validated: split.toValidate)
    }

    /// Stores a run the cache answered whole, as the persister would have.
    private func store(_ split: CacheSplit, in store: any ResultStore) throws(RulebookError) {
        let runId = split.run.opened.data.runId
        var commands: [StoreCommand] = [.openRun(split.run.opened.data)]
        commands += split.answered.map { StoreCommand.validated(runId: runId, $0.data) }
        commands += split.run.rejections.map { StoreCommand.rejected(runId: runId, $0.data) }
        _ = try store.apply(commands)
    }
}
