import Foundation
import RulebookCore
import RulebookStore
import RulebookWire

/// Who and where a `rulebook check` run is: its id, the host and folder it runs in, the
/// source its events name, and when it started; its history once it has finished.
struct RunIdentity {
    let runId = UUID().uuidString.lowercased()
    let host = ProcessInfo.processInfo.hostName
    let sourceRoot = FileManager.default.currentDirectoryPath
    let started = ContinuousClock.now
    let startedAt = Date()
    var source: String { "rulebook://check/\(host)/\(getpid())" }

    /// The run's history: its commit, configuration, timings and the files of each spec.
    func history(
        validators: Int, finished: ContinuousClock.Instant, gitCommit: String?, configuration: ConfigurationDocument,
        specFiles: [String: [String]]
    ) -> RunHistory {
        let elapsed = finished - started
        let duration = Int(elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        return RunHistory(
            gitCommit: gitCommit, configHash: ConfigurationHash.of(configuration), sourceRoot: sourceRoot, host: host,
            startedAt: Timestamp.string(from: startedAt),
            finishedAt: Timestamp.string(from: startedAt.addingTimeInterval(Double(duration) / 1_000)),
            durationMillis: duration, validators: validators, specSource: source, specFiles: specFiles)
    }
}

/// Where a run is stored: the database the command line names, opened before the workers
/// start so that a bad URL, an unreachable server or refused credentials fail at once
/// (RB400, RB300); else a SQLite file in the run's private folder. Opened once, when this
/// process first stores or reads the run.
final class RunStores {
    let database: DatabaseLocation
    /// The store of `--db`, if given.
    let named: (any ResultStore)?
    private var opened: (any ResultStore)?

    init(named text: String?, folder: String, timeout: Duration) throws(RulebookError) {
        let location = try text.map { (text) throws(RulebookError) in try DatabaseLocation(text) }
        named = try location?.open(connectTimeout: timeout)
        opened = named
        database = location ?? .sqlite(path: folder + "/rulebook.sqlite")
    }

    func open() throws(RulebookError) -> any ResultStore {
        if let opened { return opened }
        let store = try database.open()
        opened = store
        return store
    }
}

/// The run to send: the scanned specs, split between what the result cache answers and what
/// validators must check, and what the cache is then taught.
final class RunPlanner {
    let opened: RunOpened
    /// The files of each spec of the run, once prepared.
    private(set) var specFiles: [String: [String]] = [:]
    private let scanning: BackgroundWork<SpecScan>
    private let cache: ResultCache?
    private let source: String
    private var wholeRun = WholeRunAnswer()

    init(scanning: BackgroundWork<SpecScan>, cache: ResultCache?, opened: RunOpened, source: String) {
        self.scanning = scanning
        self.cache = cache
        self.opened = opened
        self.source = source
    }

    /// The run once its files are read (`nil`: nothing to check): answered whole by the
    /// cache when it has seen this very run, else split spec by spec.
    func prepare() throws(RulebookError) -> CacheSplit? {
        var scan = try scanning.value()
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

    /// Teaches the cache the verdicts of a run it did not answer whole: each spec's that
    /// validators checked, and the run's as a whole.
    func rememberVerdicts(of runId: String, in store: any ResultStore, validated: [CloudEvent<SpecSubmitted>]) throws(RulebookError) {
        guard let cache, !wholeRun.answered else { return }
        let verdicts = try store.verdicts(ofRun: runId)
        if !validated.isEmpty { cache.remember(verdicts, of: validated) }
        if let question = wholeRun.question, let ordered = wholeRun.verdicts(verdicts) {
            cache.rememberRun(RunAnswer(groups: wholeRun.groups, verdicts: ordered), for: question)
        }
    }

    private func prepared(_ scan: SpecScan) -> PreparedRun {
        PreparedRun(scan: scan, opened: opened, source: source, maxMessageBytes: WorkerSettings.defaultMaxMessageBytes)
    }
}

/// What the cache was asked about the run as a whole, and whether it answered.
struct WholeRunAnswer {
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
