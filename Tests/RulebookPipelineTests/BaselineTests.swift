import Foundation
import RulebookCore
import RulebookPipeline
import Testing

struct BaselineTests {
    static func temporaryFile(_ contents: String? = nil) throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/rb-baseline-\(UUID().uuidString).json"
        if let contents { try contents.write(toFile: path, atomically: true, encoding: .utf8) }
        return path
    }

    static func moved(_ finding: Finding, by lines: Int) -> Finding {
        var moved = finding
        moved.line = (finding.line ?? 0) + lines
        return moved
    }

    @Test func writtenBaselineReadsBackSorted() throws {
        let path = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let report = ReportFixtures.report(findings: [ReportFixtures.warning, ReportFixtures.error])
        let baseline = Baseline(accepting: report, at: Date(timeIntervalSince1970: 0))
        try baseline.write(to: path)
        let loaded = try Baseline.load(path: path)
        #expect(loaded == baseline)
        #expect(loaded.version == 1 && loaded.createdAt == "1970-01-01T00:00:00.000Z")
        #expect(loaded.findings.map(\.file) == ["Features/Card/CardFeature.swift", "Features/Login/LoginView.swift"])
    }

    @Test func baselineSuppressesExactlyTheAcceptedFindingsWhereverTheirLinesMoved() {
        let baseline = Baseline(accepting: ReportFixtures.report(findings: [ReportFixtures.error, ReportFixtures.warning]))
        let movedError = Self.moved(ReportFixtures.error, by: 3)
        // The same violation a second time on an identical line is new: fingerprints count.
        let current = ReportFixtures.report(findings: [movedError, movedError, ReportFixtures.declared])
        let (filtered, baselined) = baseline.apply(to: current)
        #expect(filtered.findings == [movedError, ReportFixtures.declared])
        #expect(baselined == 1)
        #expect(filtered.summary.errors == 2 && filtered.summary.warnings == 0)
        #expect(filtered.exitCode(strict: false) == 1)
        let clean = baseline.apply(to: ReportFixtures.report(findings: [movedError])).report
        #expect(clean.findings.isEmpty && clean.exitCode(strict: true) == 0)
    }

    @Test(arguments: [
        (nil, "does not exist; write one with --write-baseline"),
        ("not json", "is not a Rulebook baseline"),
        (#"{"findings": []}"#, "is not a Rulebook baseline"),
        (#"{"version": 2, "findings": []}"#, "has version 2; this rulebook reads version 1"),
        (#"{"version": 1, "ruleSetVersion": "x", "createdAt": "y", "findings": [{"ruleId": "r"}]}"#, "is malformed (missing \"fingerprint\" at /findings/0)"),
    ])
    func badBaselineFilesAreUsageErrors(contents: String?, message: String) throws {
        let path = try Self.temporaryFile(contents)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: RulebookError.self) { try Baseline.load(path: path) }
        #expect(error?.code == "RB400")
        #expect(error?.exitCode == 2)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    }

    @Test func runDiffListsNewAndFixedFindingsByFingerprint() {
        let earlier = ReportFixtures.report(findings: [ReportFixtures.error, ReportFixtures.warning, ReportFixtures.declared])
        let later = ReportFixtures.report(findings: [Self.moved(ReportFixtures.error, by: 2), ReportFixtures.declared, ReportFixtures.hostile])
        let diff = RunDiff(run: later, since: earlier)
        #expect(diff.new == [ReportFixtures.hostile])
        #expect(diff.fixed == [ReportFixtures.warning])
        #expect(diff.unchanged == 2)
        #expect(RunDiffRenderer.render(diff, as: .text) == """
            + \(TextReportRenderer.line(ReportFixtures.hostile))
            - \(TextReportRenderer.line(ReportFixtures.warning))

            """)
        #expect(RunDiffRenderer.summaryLine(diff).hasPrefix("rulebook: 1 new, 1 fixed, 2 unchanged since run "))
    }
}
