import Foundation
import RulebookCore
import Testing

@testable import RulebookLSP

@Suite struct RuleDocumentLinksTests {
    static let finding = Finding(
        ruleId: "state-ui-import", severity: .warning, message: "m", location: SourceLocation(file: "A.swift", line: 1, column: 1),
        fingerprint: "f")

    @Test func aTemplateLinksEachFindingToItsRule() throws {
        let links = try RuleDocumentLinks.template("https://example.com/docs/rules.md#{id}")
        let diagnostic = LSPDiagnostics(text: "import UIKit\n", links: links).diagnostic(Self.finding)
        #expect(diagnostic["codeDescription"] as? [String: String] == ["href": "https://example.com/docs/rules.md#state-ui-import"])
        #expect(LSPDiagnostics(text: "", links: .none).diagnostic(Self.finding)["codeDescription"] == nil)
    }

    @Test func aTemplateIsAnAbsoluteURLWithTheRuleIdsPlace() {
        for wrong in ["https://example.com/rules.md", "docs/rules.md#{id}", "rules {id}"] {
            #expect(throws: RulebookError.self, "\(wrong)") { try RuleDocumentLinks.template(wrong) }
        }
    }

    @Test func pagesAreEachRulesSectionOfTheRulebook() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rule-pages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let links = try RuleDocumentLinks.pages(in: folder)
        for entry in RuleCatalogue.entries {
            let href = try #require(links.href(ofRule: entry.id))
            let page = try String(contentsOf: try #require(URL(string: href)), encoding: .utf8)
            #expect(page == RuleCatalogue.markdown(of: entry) && page.hasPrefix("## \(entry.id)\n"))
        }
    }
}
