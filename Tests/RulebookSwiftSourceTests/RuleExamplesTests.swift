import RulebookCore
import RulebookSwiftSource
import Testing

/// Every rule's documented examples are its tests: each triggering example must produce
/// exactly the findings marked with `↓`, each non-triggering example none.
struct RuleExamplesTests {
    static let ruleIds: [String] = RuleRegistry.all.map { rule in rule.description.id }

    @Test("each rule ships at least three examples of each kind", arguments: ruleIds)
    func exampleCounts(ruleId: String) {
        let description = RuleRegistry.rule(id: ruleId)!.description
        #expect(description.triggeringExamples.count >= 3)
        #expect(description.nonTriggeringExamples.count >= 3)
    }

    @Test("triggering examples produce exactly the marked findings", arguments: ruleIds)
    func triggering(ruleId: String) {
        let rule = RuleRegistry.rule(id: ruleId)!
        for example in rule.description.triggeringExamples {
            let found = Self.positions(of: rule, in: example)
            let expected = example.markedPositions.map { Position(line: $0.line, column: $0.column) }
            #expect(!expected.isEmpty, "triggering example without ↓ marker:\n\(example.code)")
            #expect(found == expected, "example:\n\(example.code)")
        }
    }

    @Test("non-triggering examples produce no finding", arguments: ruleIds)
    func nonTriggering(ruleId: String) {
        let rule = RuleRegistry.rule(id: ruleId)!
        for example in rule.description.nonTriggeringExamples {
            #expect(Self.positions(of: rule, in: example).isEmpty, "example:\n\(example.code)")
        }
    }

    struct Position: Equatable, CustomStringConvertible {
        var line: Int
        var column: Int
        var description: String { "\(line):\(column)" }
    }

    /// The findings of `rule` where `rulebook check` reports them for the example's file alone.
    static func positions(of rule: any Rule.Type, in example: RuleExample) -> [Position] {
        let stem = String(example.fileName.split(separator: "/").last!.dropLast(".swift".count))
        let files = [SourceFile(path: example.fileName, contents: example.source)]
        let model = SwiftFeatureParser.model(
            featureName: FeatureNaming.featureName(forFileStem: stem), files: files,
            project: FileIndexer.context(of: files, inProjectWith: example.elsewhere.map { SourceFile(path: $0.path, contents: $0.code) }))
        return RuleEngine(rules: [rule.init()]).findings(for: model)
            .filter { $0.ruleId == rule.description.id }
            .map { Position(line: $0.line ?? 0, column: $0.column ?? 0) }
    }
}
