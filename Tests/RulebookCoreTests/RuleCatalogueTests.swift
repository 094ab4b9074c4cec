import Foundation
import RulebookCore
import Testing

struct RuleCatalogueTests {
    /// `docs/rules.md` is generated from the rules; regenerate it with
    /// `swift run rulebook rules --format markdown > docs/rules.md`.
    @Test func committedDocsMatchTheCatalogue() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/rules.md")
        let committed = try String(contentsOf: docs, encoding: .utf8)
        #expect(committed == RuleCatalogue.markdown + "\n", "docs/rules.md is stale: run `swift run rulebook rules --format markdown > docs/rules.md`")
    }

    @Test func everyRuleIdIsUniqueAndKebabCase() {
        let ids = RuleCatalogue.entries.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "-" } })
    }
}

struct RulesContractTests {
    /// Every rule id of the public catalogue (`../shared/RULES.md`, beside the repository)
    /// is implemented with the default severity it names.
    @Test func everyCatalogueRuleIsImplementedWithItsSeverity() throws {
        let rulesFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/RULES.md")
        let text = try String(contentsOf: rulesFile, encoding: .utf8)
        var contract: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            contract[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
        }
        #expect(contract.count >= 27)
        for (id, severity) in contract {
            let rule = RuleRegistry.rule(id: id)
            #expect(rule != nil, "\(id) is not implemented")
            #expect(rule?.description.defaultSeverity.rawValue == severity, "\(id) default severity")
        }
    }
}
