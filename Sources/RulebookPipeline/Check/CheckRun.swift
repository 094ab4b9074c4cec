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

    /// Runs the check and returns its report with every spec of the run.
    public func execute() throws(RulebookError) -> ReportDocument {
        let started = ContinuousClock.now
        let startedAt = Date()
        let runId = UUID().uuidString.lowercased()
        let host = ProcessInfo.processInfo.hostName
        let source = "rulebook://check/\(host)/\(getpid())"
        let sourceRoot = FileManager.default.currentDirectoryPath
        let cache = openCache()
        var scanner = SpecScanner(
            root: sourceRoot,
            filter: PathFilter(excluded: options.configuration.excluded, folder: options.configuration.folder, root: sourceRoot),
            configuration: options.configuration.rules == RuleConfiguration() ? nil : options.configuration.rules)
        scanner.cache = cache
        // A link in the repository that leads out of it is not followed (SECURITY.md).
        scanner.projectFolder = ConfigurationLoader.repositoryRoot(from: sourceRoot) ?? options.configuration.folder ?? sourceRoot
        // With a cache, the project's index waits until the cache could not answer the whole run.
        scanner.addsProjectContext = cache == nil
        // The files are read (and, without a cache, indexed) while the workers start.
        let paths = options.paths
        let contents = options.contents
        let scanning = BackgroundWork { [scanner] () throws(RulebookError) in
            if let contents { return scanner.scan(contents: contents.data, as: contents.path) }
            return try scanner.scan(paths)
        }
        // Asking git is a child process: off the critical path too.
        let gitCommit = BackgroundWork { () throws(RulebookError) in paths.first.flatMap(GitRevision.head(of:)) }
        // A database named on the command line is opened before the workers start, so a bad
        // URL, an unreachable server or refused credentials fail at once (RB400, RB300).
        let named = try options.databasePath.map { (text) throws(RulebookError) in try DatabaseLocation(text) }
        let namedStore = try named?.open(connectTimeout: options.timeout)
        let folder = try RunFolder.make()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = named ?? .sqlite(path: folder + "/rulebook.sqlite")
        // Opened once, when this process first stores or reads the run.
        var openedStore = namedStore
        let resultStore = { () throws(RulebookError) -> any ResultStore in
            if let openedStore { return openedStore }
            let store = try database.open()
            openedStore = store
            return store
        }
        let opened = RunOpened(runId: runId, expectedSpecs: 0, tool: "rulebook check", paths: options.paths)
        var specFiles: [String: [String]] = [:]
        var wholeRun = WholeRunAnswer()
        let prepare = { () throws(RulebookError) -> CacheSplit? in
            var scan = try scanning.value()
            let prepared = { (scan: SpecScan) in
                PreparedRun(scan: scan, opened: opened, source: source, maxMessageBytes: WorkerSettings.defaultMaxMessageBytes)
            }
            if let cache {
                let question = cache.runQuestion(of: scan)
                wholeRun.question = question
                if let answer = cache.runAnswer(for: question), let joined = scan.joined(as: answer.groups),
                    case let run = prepared(joined), run.specs.count == answer.verdicts.count
                {
                    wholeRun.answered = true
                    specFiles = run.files
                    return run.isEmpty ? nil : CacheSplit(run, answeredBy: answer.verdicts)
                }
                scan = scan.withProjectContext(cache: cache)
                wholeRun.groups = scan.groups ?? []
            }
            let run = prepared(scan)
            specFiles = run.files
            wholeRun.specIds = run.specs.map(\.id)
            return run.isEmpty ? nil : CacheSplit(run, cache: cache)
        }
        // A cache that may answer the whole run is asked before any worker starts.
        let pipeline = try runPipeline(
            database: database, resultStore: resultStore, endpoints: Endpoints.ipc(in: folder),
            waitsForPreparation: cache?.isEmpty == false, prepare: prepare)
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

        guard let pipeline else {
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
        let record = history(pipeline.validators, pipeline.finished)
        let store = try resultStore()
        try store.recordHistory(record, ofRun: runId)
        if let cache, !wholeRun.answered {
            let verdicts = try store.verdicts(ofRun: runId)
            if !pipeline.validated.isEmpty { cache.remember(verdicts, of: pipeline.validated) }
            if let question = wholeRun.question, let ordered = wholeRun.verdicts(verdicts) {
                cache.rememberRun(RunAnswer(groups: wholeRun.groups, verdicts: ordered), for: question)
            }
        }
        return try StoredReport.load(runId: runId, from: store)
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

    /// What the cache was asked about the run as a whole, and whether it answered.
    private struct WholeRunAnswer {
        /// The run's question (``ResultCache/runQuestion(of:)``), when there is a cache.
        var question: [UInt8]?
        /// Whether the cache answered the whole run.
        var answered = false
        /// The run's specs, in order, when it did not.
        var specIds: [String] = []
        /// How the scanned specs were joined into the run's specs.
        var groups: [[Int]] = []

        /// The verdict on each of the run's specs, in their order, if every spec has one.
        func verdicts(_ stored: [SpecValidated]) -> [SpecValidated]? {
            let bySpec = Dictionary(stored.map { ($0.specId, $0) }, uniquingKeysWith: { first, _ in first })
            let ordered = specIds.compactMap { bySpec[$0] }
            return ordered.count == specIds.count ? ordered : nil
        }
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

    private static func millis(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant) -> Int {
        let elapsed = end - start
        return Int(elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
