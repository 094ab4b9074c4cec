import RulebookCore
import RulebookWire

/// The verdicts of one checked run, gathered from the persister's acks: every finding, in
/// the order `rulebook check` reports a run's findings, and every spec that could not be
/// checked, with its taxonomy code and the files it covers.
public struct CheckedSpecs: Sendable, Hashable {
    /// A spec that could not be checked.
    public struct Rejection: Sendable, Hashable, Codable {
        /// The files the spec covers, as reports name them.
        public var files: [String]
        /// Taxonomy code (`RB104`).
        public var code: String
        /// What was wrong and what to do.
        public var message: String
    }

    public var findings: [Finding]
    public var rejections: [Rejection]
    /// Specs, validated and rejected, and findings by severity.
    public var summary: RunSummary
    /// Files given that the configuration excludes, so not checked.
    public var excluded: [String]
    /// How many specs the result cache answered.
    public var fromCache: Int

    /// The verdicts of `prepared`'s specs from their `acks` (by spec id) and of the specs it
    /// rejected before sending; `excluded` were left out.
    init(prepared: PreparedRun, acks: [String: SpecPersisted], excluded: [String], fromCache: Int = 0) {
        self.excluded = excluded
        self.fromCache = fromCache
        findings = []
        rejections = []
        summary = RunSummary()
        for spec in prepared.specs {
            guard let ack = acks[spec.id] else { continue }
            if ack.status == .validated {
                findings += ack.findings ?? []
                summary.validated += 1
            } else {
                let files = prepared.files[spec.id] ?? []
                // An ack of a rejection always carries its code (schemas/spec-persisted.schema.json).
                rejections.append(Rejection(files: files, code: ack.code ?? "", message: ack.message ?? ""))
            }
        }
        for rejection in prepared.rejections {
            let files = rejection.data.specId.flatMap { prepared.files[$0] } ?? []
            rejections.append(Rejection(files: files, code: rejection.data.code, message: rejection.data.message))
        }
        findings.sort(by: Self.reportOrder)
        rejections.sort { ($0.files.first ?? "", $0.code) < ($1.files.first ?? "", $1.code) }
        summary.rejected = rejections.count
        summary.specs = summary.validated + summary.rejected
        summary.errors = findings.count(where: { $0.severity == .error })
        summary.warnings = findings.count(where: { $0.severity == .warning })
        summary.notes = findings.count(where: { $0.severity == .note })
    }

    /// The order of a stored run's findings (`ResultStore`): by file, line, column, pointer,
    /// rule, end line and end column, a missing value first and text by its UTF-8 bytes.
    static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.file != b.file { return Array(a.file.utf8).lexicographicallyPrecedes(Array(b.file.utf8)) }
        if a.line != b.line { return (a.line ?? 0) < (b.line ?? 0) }
        if a.column != b.column { return (a.column ?? 0) < (b.column ?? 0) }
        if a.pointer != b.pointer {
            guard let left = a.pointer, let right = b.pointer else { return a.pointer == nil }
            return Array(left.utf8).lexicographicallyPrecedes(Array(right.utf8))
        }
        if a.ruleId != b.ruleId { return Array(a.ruleId.utf8).lexicographicallyPrecedes(Array(b.ruleId.utf8)) }
        if a.endLine != b.endLine { return (a.endLine ?? 0) < (b.endLine ?? 0) }
        return (a.endColumn ?? 0) < (b.endColumn ?? 0)
    }
}
