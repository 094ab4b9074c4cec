/// A run as the store knows it. Runs that `rulebook check` recorded have their history
/// (commit, configuration hash, timings); others (service runs, runs stored before the
/// history schema) have what the persister stored. The counts stored with the history are
/// for SQL queries; reports count the stored results.
public struct StoredRun: Hashable, Sendable {
    /// The run's id.
    public var id: String
    /// What started it (`rulebook check`).
    public var tool: String?
    /// The paths checked.
    public var paths: [String]
    /// ``RuleRegistry/version`` of the producer.
    public var ruleSetVersion: String?
    /// Start time: recorded by `rulebook check`, else when the persister opened the run.
    public var startedAt: String?
    /// Finish time: recorded by `rulebook check`, else when the persister completed the run.
    public var finishedAt: String?
    /// Wall-clock duration in milliseconds, if recorded.
    public var durationMillis: Int?
    /// Validator processes, if recorded.
    public var validators: Int?
    /// The commit checked, if recorded.
    public var gitCommit: String?
    /// Hash of the effective configuration, if recorded.
    public var configHash: String?
    /// Folder the relative paths start from, if recorded.
    public var sourceRoot: String?
    /// Host the run ran on, if recorded.
    public var host: String?
    /// How many specs the run announced (`nil` for an open-ended service run).
    public var expectedSpecs: Int?
    /// When the persister stored the last expected spec; `nil` while the run is incomplete.
    public var completedAt: String?

    public init(
        id: String, tool: String? = nil, paths: [String] = [], ruleSetVersion: String? = nil, startedAt: String? = nil,
        finishedAt: String? = nil, durationMillis: Int? = nil, validators: Int? = nil, gitCommit: String? = nil,
        configHash: String? = nil, sourceRoot: String? = nil, host: String? = nil, expectedSpecs: Int? = nil,
        completedAt: String? = nil
    ) {
        self.id = id
        self.tool = tool
        self.paths = paths
        self.ruleSetVersion = ruleSetVersion
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.durationMillis = durationMillis
        self.validators = validators
        self.gitCommit = gitCommit
        self.configHash = configHash
        self.sourceRoot = sourceRoot
        self.host = host
        self.expectedSpecs = expectedSpecs
        self.completedAt = completedAt
    }
}
