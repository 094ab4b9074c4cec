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
    /// The contract's rows, `docs/rule-contract.md` in the repository: id → severity.
    private func contract(_ heading: String) throws -> [String: String] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/rule-contract.md")
        let text = try String(contentsOf: file, encoding: .utf8)
        var rows: [String: String] = [:]
        var inTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("| id |") { inTable = line.contains(heading) }
            guard inTable, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
        }
        return rows
    }

    /// Every rule id of the public contract is implemented with the default severity it
    /// names, and every implemented rule is in the contract.
    @Test func everyContractRuleIsImplementedWithItsSeverity() throws {
        let rules = try contract("default severity")
        #expect(rules.count >= 27)
        for (id, severity) in rules {
            let rule = RuleRegistry.rule(id: id)
            #expect(rule != nil, "\(id) is not implemented")
            #expect(rule?.description.defaultSeverity.rawValue == severity, "\(id) default severity")
        }
        #expect(Set(RuleCatalogue.entries.map(\.id)) == Set(rules.keys), "docs/rule-contract.md lists every rule")
    }

    /// The ids reported outside the rules are the contract's too.
    @Test func theReportedIdsThatAreNotRulesAreInTheContract() throws {
        let others = try contract("reported when")
        #expect(
            others == [
                RuleEngine.parseErrorRuleId: RuleEngine.parseErrorSeverity.rawValue,
                RuleEngine.unknownSuppressionRuleId: RuleEngine.unknownSuppressionSeverity.rawValue,
                RuleEngine.unusedSuppressionRuleId: RuleEngine.unusedSuppressionSeverity.rawValue,
            ])
    }
}
