/// What `rulebook check` records about a finished run beyond the results the persister
/// stores: where, when and under which configuration it ran, and the files of its specs.
public struct RunHistory: Hashable, Sendable {
    /// `git rev-parse HEAD` of the checked folder, if it is in a git work tree.
    public var gitCommit: String?
    /// Hash of the effective configuration.
    public var configHash: String?
    /// Absolute folder that the run's relative file paths start from.
    public var sourceRoot: String?
    /// Host the run ran on.
    public var host: String?
    /// RFC 3339 start time.
    public var startedAt: String
    /// RFC 3339 time the run completed.
    public var finishedAt: String
    /// Wall-clock duration in milliseconds.
    public var durationMillis: Int
    /// Validator processes that checked the run.
    public var validators: Int
    /// The `source` of the run's `spec.submitted` events.
    public var specSource: String
    /// The files of each spec, by the spec's event id.
    public var specFiles: [String: [String]]

    public init(
        gitCommit: String?, configHash: String?, sourceRoot: String?, host: String?, startedAt: String,
        finishedAt: String, durationMillis: Int, validators: Int, specSource: String, specFiles: [String: [String]]
    ) {
        self.gitCommit = gitCommit
        self.configHash = configHash
        self.sourceRoot = sourceRoot
        self.host = host
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.durationMillis = durationMillis
        self.validators = validators
        self.specSource = specSource
        self.specFiles = specFiles
    }
}
