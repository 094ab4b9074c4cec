import Foundation
import RulebookCore
import RulebookWire

/// JUnit XML in the Ant/Jenkins dialect (`testsuites` › `testsuite` › `testcase`) that the
/// common JUnit schema accepts: one test suite per file, one test case per finding, failing
/// (its `type` is the severity) only when the finding fails the run (an error; a warning
/// with `--strict`), skipped with the finding as its message otherwise (the schema allows a
/// test case only `failure`, `error` or `skipped`), so a test report is red exactly when the
/// job is; one passing test case for each checked file without findings, and a last suite
/// with an erroring test case per rejected spec.
public enum JUnitReportRenderer {
    /// The name of the suite holding rejected specs.
    public static let rejectionsSuite = "rulebook rejected specs"

    /// The report as JUnit XML.
    public static func render(_ document: ReportDocument) -> String {
        let report = document.report
        let byFile = Dictionary(grouping: report.findings, by: \.file)
        let header = SuiteHeader(document: document)
        var suites: [String] = []
        for file in document.files {
            let findings = byFile[file] ?? []
            let cases = findings.isEmpty ? [passingCase(file: file)] : findings.map { finding in
                findingCase(finding, fails: finding.severity.failsRun(strict: document.strict))
            }
            let failures = findings.count { $0.severity.failsRun(strict: document.strict) }
            suites.append(
                header.suite(
                    id: suites.count, name: file, tests: cases.count, failures: failures, errors: 0,
                    skipped: findings.count - failures, cases: cases))
        }
        if !report.rejections.isEmpty {
            let cases = report.rejections.enumerated().map(rejectionCase)
            suites.append(
                header.suite(
                    id: suites.count, name: rejectionsSuite, tests: cases.count, failures: 0, errors: cases.count, skipped: 0,
                    cases: cases))
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n" + suites.joined() + "</testsuites>\n"
    }

    /// What every suite of one report shares: time stamp, host and the run's properties.
    private struct SuiteHeader {
        let timestamp: String
        let hostname: String
        let properties: String

        init(document: ReportDocument) {
            let run = document.report.run
            timestamp = JUnitReportRenderer.timestamp(run.startedAt)
            hostname = XMLText.attribute(JUnitReportRenderer.token(document.host ?? "", or: "localhost"))
            var pairs = [("rulebook.run", run.id), ("rulebook.ruleSetVersion", run.ruleSetVersion)]
            if let commit = run.gitCommit { pairs.append(("rulebook.gitCommit", commit)) }
            if let hash = run.configHash { pairs.append(("rulebook.configHash", hash)) }
            properties = pairs.map { "      <property name=\"\($0.0)\" value=\"\(XMLText.attribute($0.1))\"/>\n" }.joined()
        }

        func suite(id: Int, name: String, tests: Int, failures: Int, errors: Int, skipped: Int, cases: [String]) -> String {
            let name = XMLText.attribute(JUnitReportRenderer.token(name, or: "(unnamed)"))
            return """
                  <testsuite package="rulebook" id="\(id)" name="\(name)" timestamp="\(timestamp)" \
                hostname="\(hostname)" tests="\(tests)" failures="\(failures)" errors="\(errors)" skipped="\(skipped)" time="0">
                    <properties>
                \(properties)    </properties>
                \(cases.joined())    <system-out></system-out>
                    <system-err></system-err>
                  </testsuite>

                """
        }
    }

    private static func findingCase(_ finding: Finding, fails: Bool) -> String {
        let place = finding.pointer ?? [finding.line, finding.column].compactMap { $0.map(String.init) }.joined(separator: ":")
        let name = place.isEmpty ? finding.ruleId : "\(finding.ruleId) at \(place)"
        let details = "\(TextReportRenderer.line(finding))\nfingerprint: \(finding.fingerprint)"
        let result = fails
            ? "<failure message=\"\(XMLText.attribute(finding.message))\" type=\"\(finding.severity.rawValue)\">\(XMLText.content(details))</failure>"
            : "<skipped message=\"\(XMLText.attribute("\(finding.severity.rawValue): \(finding.message)"))\">\(XMLText.content(details))</skipped>"
        return """
                <testcase name="\(XMLText.attribute(name))" classname="\(XMLText.attribute(token(finding.file, or: "(unnamed)")))" time="0">
                  \(result)
                </testcase>

            """
    }

    private static func passingCase(file: String) -> String {
        "    <testcase name=\"no findings\" classname=\"\(XMLText.attribute(token(file, or: "(unnamed)")))\" time=\"0\"/>\n"
    }

    private static func rejectionCase(_ index: Int, _ rejection: CheckReport.Rejection) -> String {
        let name = rejection.specId.map { "spec \($0)" } ?? "message \(index + 1)"
        return """
                <testcase name="\(XMLText.attribute(token(name, or: "spec")))" classname="rulebook.rejections" time="0">
                  <error message="\(XMLText.attribute(rejection.message))" type="\(XMLText.attribute(rejection.code))">\(XMLText.content("\(rejection.code): \(rejection.message)"))</error>
                </testcase>

            """
    }

    /// `2026-11-21T20:57:36` from an RFC 3339 time: JUnit's time stamp has no fraction and
    /// no zone. Anything else becomes the current UTC time.
    static func timestamp(_ rfc3339: String) -> String {
        let prefix = String(rfc3339.prefix(19))
        if prefix.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/) != nil { return prefix }
        return String(Timestamp.string(from: Date()).prefix(19))
    }

    /// `text`, or `fallback` when it is only whitespace (XML tokens collapse whitespace and
    /// the schema wants non-empty names).
    private static func token(_ text: String, or fallback: String) -> String {
        text.allSatisfy(\.isWhitespace) ? fallback : text
    }
}
