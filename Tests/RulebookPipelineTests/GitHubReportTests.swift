import RulebookCore
import RulebookPipeline
import Testing

struct GitHubReportTests {
    @Test func dataEscapingFollowsTheToolkit() {
        #expect(GitHubReportRenderer.escapeData("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext: a,b")
        #expect(GitHubReportRenderer.escapeData("%0A is not a newline") == "%250A is not a newline")
    }

    @Test func propertyEscapingAlsoEscapesColonAndComma() {
        #expect(GitHubReportRenderer.escapeProperty("a:b,c%d\re\nf") == "a%3Ab%2Cc%25d%0De%0Af")
        #expect(GitHubReportRenderer.escapeProperty(ReportFixtures.hostileFile) == "Features/50%25 off%3Aa%2Cb #1/Ünïcødé 🚀.swift")
    }

    @Test func findingBecomesOneCommandWithFileRangeAndTitle() {
        #expect(
            GitHubReportRenderer.command(ReportFixtures.error)
                == "::error file=Features/Card/CardFeature.swift,line=11,col=13,endLine=11,endColumn=21,title=state-animation-value::`rotation: Angle` is animation state")
        // A finding without an end (stored before findings had ends) has only its start.
        #expect(GitHubReportRenderer.command(ReportFixtures.warning).hasPrefix("::warning file=Features/Login/LoginView.swift,line=12,col=34,title="))
        #expect(
            GitHubReportRenderer.command(ReportFixtures.declared)
                == "::error file=Features/Profile/Profile.rulebook.json,title=action-generic-case::`.update` is generic (at /action/cases/1)")
    }

    @Test func hostileMessageAndPathStayOnOneLineAndDecodeBack() throws {
        let command = GitHubReportRenderer.command(ReportFixtures.hostile)
        #expect(!command.unicodeScalars.contains("\r") && !command.unicodeScalars.contains("\n"))
        #expect(command.hasPrefix("::notice file="))
        // Split as the runner does: properties end at the first `::`, values at `,` and the first `=`.
        let body = command.dropFirst(2)
        let separator = try #require(body.range(of: "::"))
        let properties = body[..<separator.lowerBound].split(separator: " ", maxSplits: 1)[1]
        var values: [String: String] = [:]
        for pair in properties.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            values[String(parts[0])] = Self.unescapeProperty(String(parts[1]))
        }
        #expect(values == ["file": ReportFixtures.hostileFile, "line": "3", "col": "5", "title": "state-transient-ui"])
        // CR and LF travel %-escaped; ESC and BEL, which the runner would echo raw, are shown.
        let shown = ReportFixtures.hostileMessage.replacingOccurrences(of: "\u{1B}", with: "\\u{1B}")
            .replacingOccurrences(of: "\u{7}", with: "\\u{7}")
        #expect(Self.unescapeData(String(body[separator.upperBound...])) == shown)
        #expect(!command.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func aRejectedFileIsAnnotatedOnThatFile() throws {
        let report = ReportFixtures.document.report
        let rejected = try #require(report.rejections.first?.specId)
        let text = GitHubReportRenderer.render(report, files: [rejected: "Bad\u{1B}]0;x\u{7}.swift"])
        #expect(text.contains("::error file=Bad\\u{1B}]0;x\\u{7}.swift,title=RB104::"))
    }

    @Test func reportHasACommandPerFindingAndRejection() {
        let document = ReportFixtures.document
        let lines = GitHubReportRenderer.render(document.report).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == document.report.findings.count + document.report.rejections.count + 1)
        #expect(lines.last == "")
        #expect(lines.contains("::error title=RB104::spec 0b7e6c55 could not be checked: missing 'name' at /data/declared/state"))
    }

    @Test func theMostSevereComeFirstEachKindCappedAndTheRestListedAfter() {
        func findings(_ severity: Severity, _ count: Int) -> [Finding] {
            (0..<count).map { index in
                Finding(
                    ruleId: "rule-\(severity.rawValue)", severity: severity, message: "\(severity.rawValue) \(index)",
                    location: SourceLocation(file: "F\(index).swift", line: 1, column: 1), fingerprint: "f\(severity.rawValue)\(index)")
            }
        }
        // Notes first in the input: the output still leads with errors.
        let report = ReportFixtures.report(findings: findings(.note, 3) + findings(.warning, 11) + findings(.error, 12))
        let lines = GitHubReportRenderer.render(report).split(separator: "\n").map(String.init)
        let cap = GitHubReportRenderer.annotationsPerKind
        #expect(lines.prefix(cap).allSatisfy { $0.hasPrefix("::error ") })
        #expect(lines.dropFirst(cap).prefix(cap).allSatisfy { $0.hasPrefix("::warning ") })
        // The closing notice, then the three notes' annotations, then the 3 findings over the cap as log lines.
        #expect(lines[2 * cap].hasPrefix("::notice title=rulebook::GitHub shows 10 annotations of each kind per step: 3 more"))
        #expect(lines[(2 * cap + 1)...].prefix(3).allSatisfy { $0.hasPrefix("::notice file=") })
        #expect(Array(lines.suffix(3)) == ["F10.swift:1:1: error: error 10 [rule-error]", "F11.swift:1:1: error: error 11 [rule-error]",
            "F10.swift:1:1: warning: warning 10 [rule-warning]"])
        #expect(lines.count == 2 * cap + 1 + 3 + 3)
    }

    /// The runner's decoding (actions/runner `CommandStringConvert`), in reverse order of escaping.
    static func unescapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%25", with: "%")
    }

    static func unescapeProperty(_ text: String) -> String {
        unescapeData(text.replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ","))
    }
}
