/// The result of one run as `rulebook check --format json` prints it.
/// Schema: `schemas/report.schema.json`.
public struct CheckReport: Codable, Hashable, Sendable {
    /// About the run.
    public var run: RunInfo
    /// Counts.
    public var summary: RunSummary
    /// Every finding, sorted by file, line, column and rule.
    public var findings: [Finding]
    /// Specs that could not be checked, with their taxonomy codes.
    public var rejections: [Rejection]

    public init(run: RunInfo, summary: RunSummary, findings: [Finding], rejections: [Rejection]) {
        self.run = run
        self.summary = summary
        self.findings = findings
        self.rejections = rejections
    }

    /// Identity and timing of a run.
    public struct RunInfo: Codable, Hashable, Sendable {
        /// The run's id (a lowercase UUID for `rulebook check`).
        public var id: String
        /// What started the run (`rulebook check`).
        public var tool: String
        /// The paths checked, as given on the command line.
        public var paths: [String]
        /// ``RuleRegistry/version`` of the rules that checked the run.
        public var ruleSetVersion: String
        /// RFC 3339 start time.
        public var startedAt: String
        /// Wall-clock duration in milliseconds.
        public var durationMillis: Int
        /// How many validator processes checked the run.
        public var validators: Int
        /// `git rev-parse HEAD` of the checked folder, when it is in a git work tree.
        public var gitCommit: String?
        /// Hash of the effective configuration, to tell runs under different settings apart.
        public var configHash: String?
        /// How many specs the run announced (`nil` for an open-ended service run).
        public var expectedSpecs: Int?
        /// `false` when the run stopped before every expected spec was stored (the producer
        /// died or was stopped): its findings are partial.
        public var complete: Bool

        public init(
            id: String, tool: String, paths: [String], ruleSetVersion: String, startedAt: String, durationMillis: Int,
            validators: Int, gitCommit: String? = nil, configHash: String? = nil, expectedSpecs: Int? = nil,
            complete: Bool = true
        ) {
            self.expectedSpecs = expectedSpecs
            self.complete = complete
            self.id = id
            self.tool = tool
            self.paths = paths
            self.ruleSetVersion = ruleSetVersion
            self.startedAt = startedAt
            self.durationMillis = durationMillis
            self.validators = validators
            self.gitCommit = gitCommit
            self.configHash = configHash
        }
    }

    /// A spec that could not be checked.
    public struct Rejection: Codable, Hashable, Sendable {
        public var specId: String?
        public var code: String
        public var message: String

        public init(specId: String?, code: String, message: String) {
            self.specId = specId
            self.code = code
            self.message = message
        }
    }

    /// The report with only `kept` of its findings, the severity counts recomputed for them.
    public func keeping(findings kept: [Finding]) -> CheckReport {
        var summary = summary
        summary.errors = kept.count(where: { $0.severity == .error })
        summary.warnings = kept.count(where: { $0.severity == .warning })
        summary.notes = kept.count(where: { $0.severity == .note })
        return CheckReport(run: run, summary: summary, findings: kept, rejections: rejections)
    }

    /// The process exit code: 1 when an error-severity finding (or, with `strict`, a
    /// warning) exists or a spec was rejected; 0 otherwise.
    public func exitCode(strict: Bool) -> Int32 {
        let counts: [Severity: Int] = [.error: summary.errors, .warning: summary.warnings, .note: summary.notes]
        let failing = rejections.count + counts.filter { $0.key.failsRun(strict: strict) }.values.reduce(0, +)
        return failing > 0 ? 1 : 0
    }
}
