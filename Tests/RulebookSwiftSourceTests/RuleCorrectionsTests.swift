import RulebookCore
import RulebookSwiftSource
import Testing

/// Every rule's corrections are its fix tests: the fixes of the findings marked `↓` give
/// exactly the expected code, which parses, and which a second check finds clean of that
/// rule, with no finding of any rule that the code before did not have.
struct RuleCorrectionsTests {
    static let fixable: [String] = RuleRegistry.all.compactMap { rule in rule.description.corrections.isEmpty ? nil : rule.description.id }

    @Test("the rules the issue names have corrections")
    func fixableRules() {
        #expect(Set(Self.fixable).isSuperset(of: [
            "reducer-default-case", "state-must-be-equatable", "environment-mock-main-scheduler", "protocol-missing-sendable",
            "state-ui-import",
        ]))
    }

    @Test("each correction's fixes give its expected code, and it checks clean", arguments: fixable)
    func corrections(ruleId: String) throws {
        let rule = RuleRegistry.rule(id: ruleId)!
        for correction in rule.description.corrections {
            let example = correction.before
            let before = Self.findings(in: example.source, fileName: example.fileName)
            let marked = Set(example.markedPositions.map { "\($0.line):\($0.column)" })
            let fixed = before.filter { $0.ruleId == ruleId && marked.contains("\($0.line ?? 0):\($0.column ?? 0)") }
            #expect(fixed.count == marked.count, "every marked finding is found:\n\(example.code)")
            #expect(fixed.allSatisfy { $0.fix?.kind == correction.kind }, "fix kinds:\n\(example.code)")
            let selection = FixSelection(fixed, kinds: [correction.kind])
            #expect(selection.fixed.count == fixed.count && selection.deferred.isEmpty)
            let edits = selection.edits[example.fileName] ?? []
            let after = try #require(FixedSource.applying(edits, to: example.source, path: example.fileName), "fixed code parses:\n\(example.code)")
            #expect(after == correction.after)
            let again = Self.findings(in: after, fileName: example.fileName)
            #expect(!again.contains { $0.ruleId == ruleId }, "no \(ruleId) finding left:\n\(after)")
            let new = Self.counts(again).filter { rule, count in count > Self.counts(before)[rule, default: 0] }
            #expect(new.isEmpty, "no new finding: \(new)\n\(after)")
        }
    }

    @Test("every triggering example of a fixable rule, fixed, parses and checks clean of what was fixed", arguments: fixable)
    func triggeringExamplesFixed(ruleId: String) throws {
        let rule = RuleRegistry.rule(id: ruleId)!
        var fixedAny = false
        for example in rule.description.triggeringExamples {
            let before = Self.findings(in: example.source, fileName: example.fileName)
            // Suggestions too: whether or not they build, they must parse and do what they say.
            let selection = FixSelection(before.filter { $0.ruleId == ruleId }, kinds: [.fix, .suggestion])
            guard let edits = selection.edits[example.fileName], !edits.isEmpty else { continue }
            fixedAny = true
            let after = try #require(FixedSource.applying(edits, to: example.source, path: example.fileName), "parses:\n\(example.code)")
            let again = Self.findings(in: after, fileName: example.fileName)
            // Nothing fixed is found again (fixes change no line count: by line), nothing new is.
            let fixedLines = Set(selection.fixed.compactMap(\.line))
            #expect(!again.contains { $0.ruleId == ruleId && fixedLines.contains($0.line ?? 0) }, "\(after)")
            let new = Self.counts(again).filter { rule, count in count > Self.counts(before)[rule, default: 0] }
            #expect(new.isEmpty, "no new finding: \(new)\n\(after)")
            let twice = FixSelection(again.filter { $0.ruleId == ruleId }, kinds: [.fix, .suggestion])
            #expect(twice.fixed.isEmpty, "a second pass has nothing to fix:\n\(after)")
        }
        #expect(fixedAny, "\(ruleId): no triggering example gets a fix")
    }

    @Test("what a catch-all catches depends on the build: no fix")
    func conditionalCasesGetNoFix() {
        let source = """
            @Reducer
            struct HomeFeature {
              @ObservableState
              struct State: Equatable {}
              enum Action {
                case task
                case closeTapped
              #if DEBUG
                case debugMenuTapped
              #endif
              }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .task:
                    return .none
                  default:
                    return .none
                  }
                }
              }
            }
            """
        let found = Self.findings(in: source, fileName: "HomeFeature.swift").filter { $0.ruleId == "reducer-default-case" }
        #expect(found.count == 1 && found.first?.fix == nil)
        let everyBuild = Self.findings(in: source.replacingOccurrences(of: "  #if DEBUG\n", with: "").replacingOccurrences(of: "  #endif\n", with: ""), fileName: "HomeFeature.swift")
        #expect(everyBuild.first { $0.ruleId == "reducer-default-case" }?.fix?.edits.map(\.replacement) == ["case .closeTapped, .debugMenuTapped:"])
    }

    @Test("corrections apply to examples that trigger the rule, with their markers")
    func correctionsAreMarked() {
        for id in Self.fixable {
            for correction in RuleRegistry.rule(id: id)!.description.corrections {
                #expect(!correction.before.markedPositions.isEmpty, "\(id): a correction without ↓")
                #expect(correction.before.source != correction.after, "\(id): a correction that changes nothing")
            }
        }
    }

    /// Every enabled rule's findings for `source` checked alone, as `rulebook check` reports them.
    static func findings(in source: String, fileName: String) -> [Finding] {
        let stem = String(fileName.split(separator: "/").last!.dropLast(".swift".count))
        let files = [SourceFile(path: fileName, contents: source)]
        let model = SwiftFeatureParser.model(
            featureName: FeatureNaming.featureName(forFileStem: stem), files: files,
            project: FileIndexer.context(of: files, inProjectWith: []))
        return RuleEngine().findings(for: model)
    }

    static func counts(_ findings: [Finding]) -> [String: Int] {
        findings.reduce(into: [:]) { $0[$1.ruleId, default: 0] += 1 }
    }
}
