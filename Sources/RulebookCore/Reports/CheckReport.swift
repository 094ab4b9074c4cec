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
        public var id: String
        public var tool: String
        public var paths: [String]
        public var ruleSetVersion: String
        public var startedAt: String
        public var durationMillis: Int
        public var validators: Int

        public init(id: String, tool: String, paths: [String], ruleSetVersion: String, startedAt: String, durationMillis: Int, validators: Int) {
            self.id = id
            self.tool = tool
            self.paths = paths
            self.ruleSetVersion = ruleSetVersion
            self.startedAt = startedAt
            self.durationMillis = durationMillis
            self.validators = validators
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

    /// The process exit code: 1 when an error-severity finding (or, with `strict`, a
    /// warning) exists or a spec was rejected; 0 otherwise.
    public func exitCode(strict: Bool) -> Int32 {
        let failing = summary.errors + (strict ? summary.warnings : 0) + rejections.count
        return failing > 0 ? 1 : 0
    }
}
