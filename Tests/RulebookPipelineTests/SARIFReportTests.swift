import Foundation
import RulebookCore
import RulebookPipeline
import Testing

struct SARIFReportTests {
    typealias JSON = [String: Any]

    static func log(_ document: ReportDocument = ReportFixtures.document) throws -> JSON {
        let text = SARIFReportRenderer.render(document)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? JSON)
    }

    static func run(_ log: JSON) throws -> JSON {
        let runs = try #require(log["runs"] as? [JSON])
        #expect(runs.count == 1)
        return runs[0]
    }

    @Test func driverDescribesTheToolAndEveryRule() throws {
        let log = try Self.log()
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.hasPrefix("https://") == true)
        let driver = try #require((try Self.run(log)["tool"] as? JSON)?["driver"] as? JSON)
        #expect(driver["name"] as? String == "Rulebook")
        #expect(driver["version"] as? String == RuleRegistry.version)
        #expect(driver["informationUri"] as? String == "https://rulebook.dev")
        let rules = try #require(driver["rules"] as? [JSON])
        let ids = rules.compactMap { $0["id"] as? String }
        // The whole catalogue, the engine's own ids, then the unknown id a finding names.
        #expect(ids == RuleCatalogue.entries.map(\.id) + [RuleEngine.parseErrorRuleId, RuleEngine.unknownSuppressionRuleId, RuleEngine.unusedSuppressionRuleId, "from-the-future"])
        for rule in rules {
            #expect(((rule["shortDescription"] as? JSON)?["text"] as? String)?.isEmpty == false)
            #expect(((rule["fullDescription"] as? JSON)?["text"] as? String)?.isEmpty == false)
            let help = try #require(rule["help"] as? JSON)
            #expect((help["text"] as? String)?.isEmpty == false)
            #expect((help["markdown"] as? String)?.contains("`\(rule["id"] as? String ?? "")`") == true)
            #expect(["error", "warning", "note"].contains((rule["defaultConfiguration"] as? JSON)?["level"] as? String ?? ""))
        }
        let animation = try #require(rules.first { $0["id"] as? String == "state-animation-value" })
        #expect(animation["name"] as? String == "StateAnimationValue")
        #expect(((animation["help"] as? JSON)?["markdown"] as? String)?.contains("```swift") == true)
    }

    @Test func resultsCarryRuleLevelLocationAndFingerprint() throws {
        let document = ReportFixtures.document
        let run = try Self.run(try Self.log(document))
        let rules = try #require(((run["tool"] as? JSON)?["driver"] as? JSON)?["rules"] as? [JSON])
        let results = try #require(run["results"] as? [JSON])
        #expect(results.count == document.report.findings.count)
        for (result, finding) in zip(results, document.report.findings) {
            #expect(result["ruleId"] as? String == finding.ruleId)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == finding.ruleId)
            #expect(result["level"] as? String == finding.severity.rawValue)
            #expect((result["partialFingerprints"] as? JSON)?["rulebookFingerprint/v1"] as? String == finding.fingerprint)
            #expect(((result["message"] as? JSON)?["text"] as? String)?.hasPrefix(finding.message) == true)
        }
        let located = try Self.physicalLocation(results[1])
        #expect((located["artifactLocation"] as? JSON)?["uri"] as? String == "Features/Card/CardFeature.swift")
        #expect((located["artifactLocation"] as? JSON)?["uriBaseId"] as? String == "%SRCROOT%")
        let region = try #require(located["region"] as? JSON)
        #expect(region["startLine"] as? Int == 11 && region["endLine"] as? Int == 11)
        #expect(region["startColumn"] as? Int == 13 && region["endColumn"] as? Int == 21)
        // A finding without an end is the empty region at its start.
        let pointLike = try #require(try Self.physicalLocation(results[2])["region"] as? JSON)
        #expect(pointLike["startLine"] as? Int == 12 && pointLike["endLine"] as? Int == 12)
        #expect(pointLike["startColumn"] as? Int == 34 && pointLike["endColumn"] as? Int == 34)
        #expect(run["originalUriBaseIds"] as? [String: [String: String]] == ["%SRCROOT%": ["uri": "file:///work/my%20repo/"]])
    }

    @Test func declaredFindingHasNoRegionButALogicalLocationWithThePointer() throws {
        let results = try #require(try Self.run(try Self.log())["results"] as? [JSON])
        let declared = results[0]
        let physical = try Self.physicalLocation(declared)
        #expect(physical["region"] == nil)
        #expect((physical["artifactLocation"] as? JSON)?["uri"] as? String == "Features/Profile/Profile.rulebook.json")
        let logical = try #require(((declared["locations"] as? [JSON])?.first?["logicalLocations"] as? [JSON])?.first)
        #expect(logical["fullyQualifiedName"] as? String == "/action/cases/1")
        #expect((declared["message"] as? JSON)?["text"] as? String == "`.update` is generic (at /action/cases/1)")
    }

    @Test func hostilePathsBecomePercentEncodedURIReferences() throws {
        let results = try #require(try Self.run(try Self.log())["results"] as? [JSON])
        let uri = try #require((try Self.physicalLocation(results[3])["artifactLocation"] as? JSON)?["uri"] as? String)
        #expect(uri == "Features/50%25%20off%3Aa%2Cb%20%231/%C3%9Cn%C3%AFc%C3%B8d%C3%A9%20%F0%9F%9A%80.swift")
        #expect(uri.removingPercentEncoding == ReportFixtures.hostileFile)
        #expect((results[3]["message"] as? JSON)?["text"] as? String == ReportFixtures.hostileMessage)
        var absolute = ReportFixtures.document
        absolute.report.findings = [ReportFixtures.error]
        absolute.report.findings[0].file = "/tmp/a b/Card.swift"
        let only = try #require(try Self.run(try Self.log(absolute))["results"] as? [JSON])
        let location = try #require(try Self.physicalLocation(only[0])["artifactLocation"] as? JSON)
        #expect(location["uri"] as? String == "file:///tmp/a%20b/Card.swift")
        #expect(location["uriBaseId"] == nil)
    }

    @Test func runRecordsInvocationRejectionsAndHistory() throws {
        let run = try Self.run(try Self.log())
        let invocation = try #require((run["invocations"] as? [JSON])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == true)
        #expect(invocation["startTimeUtc"] as? String == "2026-11-21T20:57:36.123Z")
        #expect(invocation["endTimeUtc"] as? String == "2026-11-21T20:57:36.535Z")
        let notification = try #require((invocation["toolExecutionNotifications"] as? [JSON])?.first)
        #expect((notification["descriptor"] as? JSON)?["id"] as? String == "RB104")
        #expect(notification["level"] as? String == "error")
        #expect((run["properties"] as? JSON)?["gitCommit"] as? String == "2691965e4d378d36c68bf2918de8e83ee3da875f")
        #expect((run["automationDetails"] as? JSON)?["id"] as? String == "rulebook/3d9f1e2a-6b7c-4d8e-9f01-a2b3c4d5e6f7")
    }

    /// Findings count columns in UTF-8 bytes; SARIF's default `columnKind` is UTF-16 code
    /// units, so a token after `é` (2 bytes, 1 unit) or `🚀` (4 bytes, 2 units) moves left.
    @Test func columnsAreUTF16CodeUnitsOfTheSourceLine() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rb-sarif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let source = "struct S {\n  let café = 1; var 🚀rotation: Angle\n  var plain: Int\n}\n"
        try Data(source.utf8).write(to: root.appendingPathComponent("S.swift"))
        func finding(line: Int, column: Int, file: String = "S.swift") -> Finding {
            Finding(
                ruleId: "state-animation-value", severity: .error, message: "m",
                location: SourceLocation(file: file, line: line, column: column, endLine: line, endColumn: column + 12),
                fingerprint: "0000000000000000")
        }
        let rocketBytes = Array("  let café = 1; var ".utf8).count + 1  // the rocket's byte column: 22
        let document = ReportDocument(
            report: ReportFixtures.report(findings: [
                finding(line: 2, column: rocketBytes), finding(line: 2, column: rocketBytes + 4), finding(line: 3, column: 7),
                finding(line: 2, column: rocketBytes, file: "Missing.swift"),
            ]),
            sourceRoot: root.path)
        let results = try #require(try Self.run(try Self.log(document))["results"] as? [JSON])
        let columns = try results.map { result in try #require((try Self.physicalLocation(result)["region"] as? JSON)?["startColumn"] as? Int) }
        // `é` is one UTF-16 unit (one less than its bytes), `🚀` two (two less); ASCII lines
        // and unreadable files keep the byte column.
        #expect(columns == [rocketBytes - 1, rocketBytes + 4 - 3, 7, rocketBytes])
        // Ends convert the same way, each 12 bytes after its start: `🚀rotation` is 10 units,
        // `rotation: An` 12; a column past its line and an unreadable file keep the bytes.
        let ends = try results.map { result in try #require((try Self.physicalLocation(result)["region"] as? JSON)?["endColumn"] as? Int) }
        #expect(ends == [rocketBytes - 1 + 10, rocketBytes + 4 - 3 + 12, 19, rocketBytes + 12])
    }

    static func physicalLocation(_ result: JSON) throws -> JSON {
        try #require((result["locations"] as? [JSON])?.first?["physicalLocation"] as? JSON)
    }
}
