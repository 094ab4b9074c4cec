import Foundation
import RulebookCore
import RulebookSwiftSource
import RulebookWire
import Testing

/// The declared-spec front end must lead the rules to the same findings as the Swift front
/// end: every rule example, described as a declared spec (JSON round trip through the strict
/// decoder), gives the same rule ids, severities and messages.
struct FrontEndEquivalenceTests {
    static let examples: [RuleExample] = RuleRegistry.all.flatMap { rule in
        rule.description.triggeringExamples + rule.description.nonTriggeringExamples
    }

    struct Outcome: Hashable, CustomStringConvertible {
        var ruleId: String
        var severity: Severity
        var message: String
        var description: String { "\(ruleId) \(severity): \(message)" }
    }

    @Test func everyExampleGivesTheSameFindingsThroughBothFrontEnds() throws {
        var compared = 0
        for example in Self.examples {
            let stem = String(example.fileName.split(separator: "/").last!.dropLast(".swift".count))
            // With the context `rulebook check` gives the example's file: the declared spec
            // carries it too.
            let files = [SourceFile(path: example.fileName, contents: example.source)]
            let swiftModel = SwiftFeatureParser.model(
                featureName: FeatureNaming.featureName(forFileStem: stem), files: files,
                project: FileIndexer.context(of: files, inProjectWith: example.elsewhere.map { SourceFile(path: $0.path, contents: $0.code) }))
            guard swiftModel.parseProblems.isEmpty, !example.source.contains("rulebook:") else { continue }
            let json = try JSONEncoder().encode(DeclaredSpecExporter.spec(of: swiftModel))
            let declaredModel = DeclaredFeatureBuilder.model(of: try DeclaredSpecDecoder.decode(json))
            let fromSwift = RuleEngine().findings(for: swiftModel).map { Outcome(ruleId: $0.ruleId, severity: $0.severity, message: $0.message) }
            let fromDeclared = RuleEngine().findings(for: declaredModel).map { Outcome(ruleId: $0.ruleId, severity: $0.severity, message: $0.message) }
            #expect(fromSwift.sorted(by: { $0.description < $1.description }) == fromDeclared.sorted(by: { $0.description < $1.description }), "example \(example.fileName):\n\(example.code)")
            #expect(declaredModel.dialect == (swiftModel.dialect == .unknown ? .modern : swiftModel.dialect) || swiftModel.dialect == .unknown)
            compared += 1
        }
        #expect(compared >= 6)
    }
}
