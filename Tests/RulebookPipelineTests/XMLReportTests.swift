import Foundation
import RulebookCore
@testable import RulebookPipeline
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// JUnit and checkstyle output read back with an XML parser (libxml2 under Foundation).
struct XMLReportTests {
    /// An element as parsed: name, attributes and text.
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }

    /// Parses `xml` into its elements in document order, failing the test if it is not well-formed.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        private var open: [Int] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
            open.append(elements.count)
            elements.append(Element(name: name, attributes: attributes))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }

        static func parse(_ xml: String) throws -> [Element] {
            let parser = XMLParser(data: Data(xml.utf8))
            let collector = Collector()
            parser.delegate = collector
            #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))\n\(xml)")
            return collector.elements
        }
    }

    /// The hostile message as XML can carry it: control characters other than tab, LF and CR become U+FFFD.
    static let hostileMessageInXML = ReportFixtures.hostileMessage
        .replacingOccurrences(of: "\u{1B}", with: "\u{FFFD}").replacingOccurrences(of: "\u{7}", with: "\u{FFFD}")

    @Test func junitHasASuitePerFileAFailurePerFindingAndPassesCleanFiles() throws {
        let document = ReportFixtures.document
        let elements = try Collector.parse(JUnitReportRenderer.render(document))
        #expect(elements.first?.name == "testsuites")
        let suites = elements.filter { $0.name == "testsuite" }
        #expect(suites.map { $0.attributes["name"] } == document.files + [JUnitReportRenderer.rejectionsSuite])
        #expect(suites.map { $0.attributes["id"] } == suites.indices.map(String.init))
        for suite in suites {
            #expect(suite.attributes["timestamp"] == "2026-11-21T20:57:36")
            #expect(suite.attributes["hostname"] == "ci-runner")
            #expect(suite.attributes["package"] == "rulebook")
        }
        // Red exactly when the run fails: only errors are failures; a warning or a note is a
        // skipped case with the finding as its message.
        let failures = elements.filter { $0.name == "failure" }
        #expect(failures.count == document.report.findings.count { $0.severity == .error })
        #expect(Set(failures.compactMap { $0.attributes["type"] }) == ["error"])
        let skipped = elements.filter { $0.name == "skipped" }
        #expect(skipped.count == document.report.findings.count { $0.severity != .error })
        #expect(suites.map { Int($0.attributes["failures"] ?? "") ?? -1 }.reduce(0, +) == failures.count)
        #expect(suites.map { Int($0.attributes["skipped"] ?? "") ?? -1 }.reduce(0, +) == skipped.count)
        let cases = elements.filter { $0.name == "testcase" }
        let passing = cases.filter { $0.attributes["name"] == "no findings" }.compactMap { $0.attributes["classname"] }
        #expect(passing.sorted() == ["Features/Clean/CleanFeature.swift", "Features/Login/LoginState.swift"])
        let errors = elements.filter { $0.name == "error" }
        #expect(errors.map { $0.attributes["type"] } == ["RB104"])
        let properties = elements.filter { $0.name == "property" }.map { $0.attributes["name"] ?? "" }
        #expect(Set(properties) == ["rulebook.run", "rulebook.ruleSetVersion", "rulebook.gitCommit", "rulebook.configHash"])
    }

    @Test func withStrictWarningsFailTooAndNotesNever() throws {
        var document = ReportFixtures.document
        document.strict = true
        let failures = try Collector.parse(JUnitReportRenderer.render(document)).filter { $0.name == "failure" }
        #expect(Set(failures.compactMap { $0.attributes["type"] }) == ["error", "warning"])
        #expect(failures.count == document.report.findings.count { $0.severity != .note })
    }

    @Test func junitCarriesHostileMessagesAndPathsIntact() throws {
        let elements = try Collector.parse(JUnitReportRenderer.render(ReportFixtures.document))
        let note = try #require(elements.first { $0.name == "skipped" && $0.text.contains("[state-transient-ui]") })
        #expect(note.attributes["message"] == "note: " + Self.hostileMessageInXML)
        #expect(note.text.contains("100% broken") && note.text.contains("a,b <tag> & \"quoted\" 'single'"))
        #expect(note.text.contains("fingerprint: 00000000000000ff"))
        #expect(elements.contains { $0.name == "testsuite" && $0.attributes["name"] == ReportFixtures.hostileFile })
        #expect(elements.contains { $0.name == "testcase" && $0.attributes["classname"] == ReportFixtures.hostileFile })
    }

    @Test func junitTimestampHasNoFractionOrZone() {
        #expect(JUnitReportRenderer.timestamp("2026-11-21T20:57:36.123Z") == "2026-11-21T20:57:36")
        #expect(JUnitReportRenderer.timestamp("yesterday").wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/) != nil)
    }

    @Test func checkstyleListsEveryFileWithItsErrors() throws {
        let document = ReportFixtures.document
        let elements = try Collector.parse(CheckstyleReportRenderer.render(document))
        #expect(elements.first?.name == "checkstyle")
        // The rejected spec named no files: its error goes under `spec <id>`.
        #expect(elements.filter { $0.name == "file" }.map { $0.attributes["name"] } == (document.files + ["spec 0b7e6c55"]).sorted())
        let errors = elements.filter { $0.name == "error" }
        #expect(errors.count == document.report.findings.count + 1)
        let rejected = try #require(errors.first { $0.attributes["source"] == "rulebook.RB104" })
        #expect(rejected.attributes == [
            "severity": "error", "message": "spec 0b7e6c55 could not be checked: missing 'name' at /data/declared/state",
            "source": "rulebook.RB104",
        ])
        let card = try #require(errors.first { $0.attributes["source"] == "rulebook.state-animation-value" })
        #expect(card.attributes == [
            "line": "11", "column": "13", "severity": "error", "message": "`rotation: Angle` is animation state",
            "source": "rulebook.state-animation-value",
        ])
        let declared = try #require(errors.first { $0.attributes["source"] == "rulebook.action-generic-case" })
        #expect(declared.attributes["line"] == nil)
        #expect(declared.attributes["message"] == "`.update` is generic (at /action/cases/1)")
        let hostile = try #require(errors.first { $0.attributes["source"] == "rulebook.state-transient-ui" })
        #expect(hostile.attributes["severity"] == "info")
        #expect(hostile.attributes["message"] == Self.hostileMessageInXML)
    }

    @Test func checkstyleReportsARejectedSpecOnItsFiles() throws {
        var document = ReportFixtures.document
        document.specs[4].files = ["Features/Broken/BrokenFeature.swift"]
        let elements = try Collector.parse(CheckstyleReportRenderer.render(document))
        let names = elements.filter { $0.name == "file" }.map { $0.attributes["name"] }
        #expect(names.contains("Features/Broken/BrokenFeature.swift") && !names.contains("spec 0b7e6c55"))
        let index = try #require(elements.firstIndex { $0.attributes["name"] == "Features/Broken/BrokenFeature.swift" })
        #expect(elements[index + 1].attributes["source"] == "rulebook.RB104")
    }
}
