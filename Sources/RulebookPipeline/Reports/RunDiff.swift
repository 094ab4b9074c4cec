import RulebookCore

/// What changed between two runs, by fingerprint (`schemas/run-diff.schema.json`): the
/// findings of `run` that `since` did not have, and those of `since` that are gone.
public struct RunDiff: Codable, Hashable, Sendable {
    /// The later run.
    public var run: CheckReport.RunInfo
    /// The earlier run it is compared with.
    public var since: CheckReport.RunInfo
    /// Findings of `run` not in `since`, in `run`'s order.
    public var new: [Finding]
    /// Findings of `since` not in `run`, in `since`'s order.
    public var fixed: [Finding]
    /// How many findings both runs have.
    public var unchanged: Int

    /// Compares `run` with the earlier `since`.
    public init(run: CheckReport, since: CheckReport) {
        self.run = run.run
        self.since = since.run
        new = FingerprintMatch.unmatched(run.findings, fingerprint: \.fingerprint, accountedFor: since.findings.map(\.fingerprint))
        fixed = FingerprintMatch.unmatched(since.findings, fingerprint: \.fingerprint, accountedFor: run.findings.map(\.fingerprint))
        unchanged = run.findings.count - new.count
    }
}
