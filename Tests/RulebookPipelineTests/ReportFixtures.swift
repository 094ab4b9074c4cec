import RulebookCore
import RulebookPipeline

/// Reports with ordinary and hostile findings for the renderer tests.
enum ReportFixtures {
    /// A path with `%`, `:`, `,`, spaces, `#` and non-ASCII characters.
    static let hostileFile = "Features/50% off:a,b #1/Ünïcødé 🚀.swift"
    /// A message with `%`, CR/LF, `:`, `,`, markup characters, quotes and control characters.
    static let hostileMessage = "100% broken\r\nsecond: a,b <tag> & \"quoted\" 'single' \u{1B}[31mred\u{7} end"

    static let error = Finding(
        ruleId: "state-animation-value", severity: .error, message: "`rotation: Angle` is animation state",
        location: SourceLocation(file: "Features/Card/CardFeature.swift", line: 11, column: 13, endLine: 11, endColumn: 21),
        fingerprint: "317b18db7aa47e74")
    /// Without an end, as findings stored before findings had ends are.
    static let warning = Finding(
        ruleId: "view-animation-from-store", severity: .warning, message: "reads the store",
        location: SourceLocation(file: "Features/Login/LoginView.swift", line: 12, column: 34), fingerprint: "c1854eb3c45b919d")
    static let declared = Finding(
        ruleId: "action-generic-case", severity: .error, message: "`.update` is generic",
        location: SourceLocation(file: "Features/Profile/Profile.rulebook.json", pointer: "/action/cases/1"),
        fingerprint: "8fcbb839682863e5")
    static let hostile = Finding(
        ruleId: "state-transient-ui", severity: .note, message: hostileMessage,
        location: SourceLocation(file: hostileFile, line: 3, column: 5), fingerprint: "00000000000000ff")
    static let unknownRule = Finding(
        ruleId: "from-the-future", severity: .warning, message: "newer validator",
        location: SourceLocation(file: "Features/Card/CardFeature.swift", line: 1, column: 1), fingerprint: "0000000000000001")

    static func report(findings: [Finding], rejections: [CheckReport.Rejection] = [], specs: Int = 3) -> CheckReport {
        CheckReport(
            run: CheckReport.RunInfo(
                id: "3d9f1e2a-6b7c-4d8e-9f01-a2b3c4d5e6f7", tool: "rulebook check", paths: ["Features"],
                ruleSetVersion: RuleRegistry.version, startedAt: "2026-11-21T20:57:36.123Z", durationMillis: 412,
                validators: 2, gitCommit: "2691965e4d378d36c68bf2918de8e83ee3da875f", configHash: "f009cbd05c87d8f3"),
            summary: RunSummary(
                specs: specs, validated: specs - rejections.count, rejected: rejections.count,
                errors: findings.count(where: { $0.severity == .error }),
                warnings: findings.count(where: { $0.severity == .warning }),
                notes: findings.count(where: { $0.severity == .note })),
            findings: findings, rejections: rejections)
    }

    /// Every kind of finding, a rejection, and a clean spec (`Features/Clean/CleanFeature.swift`).
    static var document: ReportDocument {
        let rejection = CheckReport.Rejection(specId: "0b7e6c55", code: "RB104", message: "missing 'name' at /data/declared/state")
        return ReportDocument(
            report: report(findings: [declared, error, warning, hostile, unknownRule], rejections: [rejection], specs: 5),
            specs: [
                CheckedSpec(specId: "1", feature: "CardFeature", status: .validated, files: ["Features/Card/CardFeature.swift"]),
                CheckedSpec(specId: "2", feature: "Login", status: .validated, files: ["Features/Login/LoginView.swift", "Features/Login/LoginState.swift"]),
                CheckedSpec(specId: "3", feature: "Profile", status: .validated, files: ["Features/Profile/Profile.rulebook.json"]),
                CheckedSpec(specId: "4", feature: "CleanFeature", status: .validated, files: ["Features/Clean/CleanFeature.swift", hostileFile]),
                CheckedSpec(specId: "0b7e6c55", feature: nil, status: .rejected, files: []),
            ],
            sourceRoot: "/work/my repo", host: "ci-runner", finishedAt: "2026-11-21T20:57:36.535Z")
    }
}
