import Foundation
import RulebookCore
import RulebookWire

/// Where results and run history are kept: runs, specs, findings and rejections. The
/// persister writes through ``apply(_:now:)``; `rulebook check` records each run's history;
/// reports read runs back. ``SQLiteResultStore`` (a file, the default) and the PostgreSQL
/// store (`RulebookPostgresStore`, shared by several persisters and machines) behave alike:
/// storing is idempotent on the spec's `source` + `id`, and the same results read back the
/// same, so reports are byte for byte equal whichever store holds them.
public protocol ResultStore: AnyObject, Sendable {
    /// Where the store is, fit for logs and error messages: never a password.
    var location: String { get }

    /// Stores a batch in one transaction and returns the acks and completed runs.
    func apply(_ commands: [StoreCommand], now: Date) throws(RulebookError) -> StoreOutcome

    /// Records `history` for a stored run, with its counts taken from the stored results and
    /// the files of its specs. Throws ``RulebookError/runNotFound(_:)`` for an unknown run.
    func recordHistory(_ history: RunHistory, ofRun runId: String) throws(RulebookError)

    /// Every stored run, newest first.
    func runs() throws(RulebookError) -> [StoredRun]

    /// The run with `id`, if stored.
    func run(id: String) throws(RulebookError) -> StoredRun?

    /// The counts of a run.
    func summary(ofRun runId: String) throws(RulebookError) -> RunSummary

    /// The findings of a run, in the engine's order (file, line, column, pointer, rule, end).
    func findings(ofRun runId: String) throws(RulebookError) -> [Finding]

    /// The rejections of a run, in the order stored.
    func rejections(ofRun runId: String) throws(RulebookError) -> [SpecRejectedRecord]

    /// The validated specs of a run as their validators reported them, findings in the
    /// validators' order (what the result cache remembers of a run).
    func verdicts(ofRun runId: String) throws(RulebookError) -> [SpecValidated]

    /// Every spec of a run (validated and rejected) with its files, in the order stored.
    func specs(ofRun runId: String) throws(RulebookError) -> [CheckedSpec]

    /// Whether the run has completed.
    func isCompleted(run runId: String) throws(RulebookError) -> Bool
}

extension ResultStore {
    /// Stores a batch now.
    public func apply(_ commands: [StoreCommand]) throws(RulebookError) -> StoreOutcome {
        try apply(commands, now: Date())
    }
}

/// A stored rejection.
public struct SpecRejectedRecord: Hashable, Sendable {
    public var specId: String?
    public var code: String
    public var message: String
    public var stage: String

    public init(specId: String?, code: String, message: String, stage: String) {
        self.specId = specId
        self.code = code
        self.message = message
        self.stage = stage
    }
}
