import RulebookCore

/// Everything a renderer needs about one run: the report, every spec of the run (so clean
/// files can be listed too), and where and when the run ran.
public struct ReportDocument: Sendable {
    /// The run, its counts, findings and rejections.
    public var report: CheckReport
    /// Every spec of the run with its files.
    public var specs: [CheckedSpec]
    /// Absolute folder that relative file paths start from (SARIF's `%SRCROOT%`), if known.
    public var sourceRoot: String?
    /// The host the run ran on, if known.
    public var host: String?
    /// RFC 3339 time the run finished, if known.
    public var finishedAt: String?

    /// Whether warnings fail the run (`--strict`): reports that say pass or fail (JUnit) follow it.
    public var strict = false

    public init(report: CheckReport, specs: [CheckedSpec] = [], sourceRoot: String? = nil, host: String? = nil, finishedAt: String? = nil) {
        self.report = report
        self.specs = specs
        self.sourceRoot = sourceRoot
        self.host = host
        self.finishedAt = finishedAt
    }

    /// The first file of each rejected spec that names one, by spec id: where text reports
    /// place a rejection (`rulebook check` records the files of every spec, rejected or not).
    var rejectedFiles: [String: String] {
        Dictionary(
            specs.compactMap { spec in spec.status == .rejected ? spec.files.first.map { (spec.specId, $0) } : nil },
            uniquingKeysWith: { first, _ in first })
    }

    /// Every file the run names, sorted: the files of its specs and of its findings.
    var files: [String] {
        Array(Set(specs.flatMap(\.files) + report.findings.map(\.file))).sorted()
    }
}
