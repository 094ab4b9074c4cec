import RulebookCore
import RulebookWire

/// The statements that storing a batch needs, run inside one transaction of one store:
/// ``StoreBatch`` decides what to store and what to answer, each store says how in its own
/// SQL. Every method may throw its store's own errors; the store turns them into
/// ``RulebookError/storageFailed(_:)``.
public protocol StoreStatements {
    /// Called first with the whole batch. A store that several writers share locks the specs
    /// it stores (``StoreCommand/spec``) in a stable order, so that two writers storing
    /// overlapping batches never wait for each other in a cycle; a store whose statements cost
    /// a round trip each may write here in bulk what the batch stores, in the batch's order,
    /// as long as the calls that follow answer as if each row were written at its turn. A
    /// store with one writer on the same machine does nothing.
    func prepare(_ commands: [StoreCommand], at time: String) throws

    /// Whether the run has completed.
    func isCompleted(_ runId: String) throws -> Bool

    /// The counts of a run, from its stored results.
    func summary(of runId: String) throws -> RunSummary

    /// Inserts the run `run.opened` announces, or updates what it says about a stored one.
    func open(_ opened: RunOpened, at time: String) throws

    /// Inserts the run if it is new, and returns whether it may complete: whether it expects
    /// a number of specs and has not completed yet.
    func ensureRun(_ runId: String, at time: String) throws -> Bool

    /// Inserts the spec and its findings and returns `true`, or returns `false` when its
    /// `source` + `id` is stored already (then nothing changes).
    func insertSpec(_ spec: SpecRow, findings: [Finding], at time: String) throws -> Bool

    /// Counts one more copy of the stored spec `source` + `id`.
    func countDuplicate(source: String, id: String) throws

    /// Inserts a rejection.
    func insertRejection(_ rejection: SpecRejected, runId: String?, at time: String) throws

    /// What is stored for the spec `source` + `id`: its verdict, for the ack of a copy.
    func storedVerdict(source: String, id: String) throws -> StoredVerdict?

    /// How many specs the run expects, if it expects a number and has not completed. A store
    /// that several writers share holds the run against them from here to the end of the
    /// transaction, so that the last of two writers storing a run's last specs sees both.
    func expectedSpecsOfIncompleteRun(_ runId: String) throws -> Int?

    /// Marks the run completed.
    func markCompleted(_ runId: String, at time: String) throws
}

/// The columns of a new spec row.
public struct SpecRow: Sendable {
    public var runId: String
    public var source: String
    public var id: String
    public var status: SpecStatus
    public var feature: String?
    public var origin: String?
    public var dialect: String?
    public var validator: String?
    public var durationMicros: Int?
}

/// The verdict stored for a spec: its findings when it was validated, the code and message of
/// its first rejection when it was rejected.
public struct StoredVerdict: Sendable {
    public var status: SpecStatus
    public var feature: String?
    public var findings: [Finding]?
    public var code: String?
    public var message: String?

    public init(status: SpecStatus, feature: String?, findings: [Finding]?, code: String?, message: String?) {
        self.status = status
        self.feature = feature
        self.findings = findings
        self.code = code
        self.message = message
    }
}
