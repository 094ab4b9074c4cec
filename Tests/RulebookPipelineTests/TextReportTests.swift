import Foundation
import RulebookCore
import RulebookPipeline
import Testing

struct TextReportTests {
    @Test func findingsAreCompilerStyleLines() {
        let report = ReportFixtures.report(findings: [ReportFixtures.error, ReportFixtures.warning, ReportFixtures.declared])
        #expect(TextReportRenderer.render(report, color: false) == """
            Features/Card/CardFeature.swift:11:13: error: `rotation: Angle` is animation state [state-animation-value] (to 11:21)
            Features/Login/LoginView.swift:12:34: warning: reads the store [view-animation-from-store]
            Features/Profile/Profile.rulebook.json: error: `.update` is generic [action-generic-case] (at /action/cases/1)

            """)
    }

    @Test func colourIsAddedOnlyWhenAskedFor() {
        let line = TextReportRenderer.line(ReportFixtures.error, color: true)
        #expect(line.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        #expect(line.hasPrefix("\u{1B}[1mFeatures/Card/CardFeature.swift:11:13:\u{1B}[0m"))
        #expect(line.hasSuffix("\u{1B}[2m[state-animation-value]\u{1B}[0m \u{1B}[2m(to 11:21)\u{1B}[0m"))
        #expect(!TextReportRenderer.line(ReportFixtures.error).contains("\u{1B}"))
    }

    @Test func controlCharactersAreShownEscapedOnOneLine() {
        let line = TextReportRenderer.line(ReportFixtures.hostile)
        #expect(line == "Features/50% off:a,b #1/Ünïcødé 🚀.swift:3:5: note: 100% broken\\u{D}\\u{A}second: a,b <tag> & \"quoted\" 'single' \\u{1B}[31mred\\u{7} end [state-transient-ui]")
    }

    @Test func aRejectedFileIsPlacedAtThatFile() {
        let report = ReportFixtures.document.report
        let text = TextReportRenderer.render(report, color: false, files: ["0b7e6c55": "Huge.swift"])
        #expect(text.contains("Huge.swift: error: RB104: missing 'name' at /data/declared/state [spec-rejected]"))
        #expect(TextReportRenderer.render(report, color: false).contains("0b7e6c55: error: RB104: "))
    }

    @Test func colourNeedsATerminalAndNoNoColor() throws {
        let pipe = Pipe()
        let descriptor = pipe.fileHandleForWriting.fileDescriptor
        #expect(!TextReportRenderer.usesColor(fileDescriptor: descriptor, environment: [:]))
        // Whether or not the tests run in a terminal, NO_COLOR and TERM=dumb switch colour off.
        #expect(!TextReportRenderer.usesColor(fileDescriptor: STDOUT_FILENO, environment: ["NO_COLOR": "1"]))
        #expect(!TextReportRenderer.usesColor(fileDescriptor: STDOUT_FILENO, environment: ["TERM": "dumb"]))
        #expect(TextReportRenderer.usesColor(fileDescriptor: STDOUT_FILENO, environment: ["NO_COLOR": ""]) == (isatty(STDOUT_FILENO) == 1))
    }

    @Test func summaryTableCountsByRuleAndSeverity() {
        let findings = [ReportFixtures.error, ReportFixtures.error, ReportFixtures.warning, ReportFixtures.hostile]
        let text = SummaryReportRenderer.render(ReportFixtures.report(findings: findings))
        #expect(text == """
            ## Rulebook

            2 errors, 1 warning, 1 note in 3 specs

            | rule | error | warning | note | total |
            |:---|---:|---:|---:|---:|
            | `state-animation-value` | 2 | 0 | 0 | 2 |
            | `state-transient-ui` | 0 | 0 | 1 | 1 |
            | `view-animation-from-store` | 0 | 1 | 0 | 1 |
            | **total** | 2 | 1 | 1 | 4 |

            """)
    }

    @Test func summaryLineCountsBaselinedFindings() {
        let report = ReportFixtures.report(findings: [ReportFixtures.error])
        #expect(ReportRenderer.summaryLine(report) == "rulebook: 1 error, 0 warnings, 0 notes in 3 specs (0.41 s)")
        #expect(ReportRenderer.summaryLine(report, baselined: 2) == "rulebook: 1 error, 0 warnings, 0 notes in 3 specs, 2 findings in the baseline (0.41 s)")
    }

    @Test func compactGroupsByFileAndGivesEachRulesAdviceOnce() {
        let second = Finding(
            ruleId: "state-animation-value", severity: .error, message: "`scale: CGFloat` is animation state; move `scale` to `@State`",
            location: SourceLocation(file: "Features/Card/CardFeature.swift", line: 12, column: 13), fingerprint: "0000000000000002")
        let report = ReportFixtures.report(findings: [ReportFixtures.error, second, ReportFixtures.declared])
        let lines = CompactReportRenderer.render(report, color: false).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.filter { $0 == "Features/Card/CardFeature.swift" }.count == 1)
        #expect(lines.contains("  12:13  error  `scale: CGFloat` is animation state  state-animation-value"))
        let advice = lines.filter { $0.hasPrefix("  state-animation-value (2): ") }
        #expect(advice.count == 1 && advice[0].hasSuffix(RuleCatalogue.entries.first { $0.id == "state-animation-value" }!.summary))
        #expect(!lines.contains { $0.contains("move `scale`") }, "the advice is printed once per rule, not per finding")
    }

    @Test func everyFormatRendersTheSameDocument() {
        for format in ReportFormat.allCases {
            #expect(!ReportRenderer.render(ReportFixtures.document, as: format).isEmpty, "\(format)")
        }
    }
}
