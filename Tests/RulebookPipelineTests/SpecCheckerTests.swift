import Foundation
import RulebookCore
import RulebookPipeline
import RulebookWire
import Testing

struct SpecCheckerTests {
    @Test func swiftAndDeclaredSpecsOfTheSameFeatureGiveTheSameRulesAndMessages() throws {
        let swift = CloudEvent(
            source: "t", runId: "r",
            data: SpecSubmitted(feature: "Login", origin: .swiftSource, files: [SourceFile(path: "LoginState.swift", contents: """
                struct LoginState: Equatable {
                  var buttonScale: CGFloat = 1
                }
                enum LoginAction { case update(LoginState) }
                """)]))
        let declared = CloudEvent(
            source: "t", runId: "r",
            data: SpecSubmitted(feature: "Login", origin: .declared, declared: DeclaredSpec(
                feature: "Login", dialect: .legacy,
                state: DeclaredType(name: "LoginState", conformances: ["Equatable"], properties: [DeclaredProperty(name: "buttonScale", type: "CGFloat")]),
                action: DeclaredType(name: "LoginAction", cases: [DeclaredCase(name: "update", associatedValues: [AssociatedValue(type: "LoginState")])]))))
        let checker = SpecChecker()
        let fromSwift = try checker.check(swift, validator: "v")
        let fromDeclared = try checker.check(declared, validator: "v")
        #expect(fromSwift.dialect == .legacy)
        #expect(fromSwift.findings.map(\.ruleId).sorted() == ["action-generic-case", "state-animation-value"])
        #expect(Set(fromSwift.findings.map(\.message)) == Set(fromDeclared.findings.map(\.message)))
        #expect(fromSwift.specId == swift.id)
    }

    @Test func aConfigurationsDialectOverridesTheDeclaredSpecsOwn() throws {
        let spec = DeclaredSpec(
            feature: "Counter", dialect: .modern,
            state: DeclaredType(name: "State", conformances: ["Equatable"], properties: [DeclaredProperty(name: "count", type: "Int")]),
            action: DeclaredType(name: "Action", cases: [DeclaredCase(name: "incrementTapped")]))
        let checker = SpecChecker()
        let own = try checker.check(CloudEvent(source: "t", runId: "r", data: SpecSubmitted(feature: "Counter", origin: .declared, declared: spec)), validator: "v")
        #expect(own.dialect == .modern)
        var submitted = SpecSubmitted(feature: "Counter", origin: .declared, declared: spec)
        submitted.config = RuleConfiguration(dialect: .legacy)
        let overridden = try checker.check(CloudEvent(source: "t", runId: "r", data: submitted), validator: "v")
        #expect(overridden.dialect == .legacy)
    }

    @Test func oversizeSourceIsRejectedWithItsPath() {
        var checker = SpecChecker()
        checker.maxSourceBytes = 10
        let event = CloudEvent(
            source: "t", runId: "r",
            data: SpecSubmitted(feature: "Big", origin: .swiftSource, files: [SourceFile(path: "Big.swift", contents: String(repeating: "x", count: 11))]))
        do {
            _ = try checker.check(event, validator: "v")
            Issue.record("accepted an oversize source")
        } catch {
            #expect(error == .sourceTooLarge(path: "Big.swift", bytes: 11, limit: 10))
        }
    }

    /// SwiftSyntax overflows its stack on thousands of `try` (found by fuzzing, see
    /// Fuzz/README.md): the validator answers RB114 before parsing.
    @Test func pathologicallyNestedSourceIsRejectedBeforeParsing() {
        let deep = SourceFile(path: "Deep.swift", contents: "let x = " + String(repeating: "try ", count: 20_000) + "a")
        let event = CloudEvent(
            source: "t", runId: "r",
            data: SpecSubmitted(feature: "Deep", origin: .swiftSource, files: [SourceFile(path: "Fine.swift", contents: "struct Fine {}"), deep]))
        #expect(throws: RulebookError.sourceTooDeep(path: "Deep.swift", line: 1, depth: 20_000, limit: 256, squareBrackets: false)) {
            try SpecChecker().check(event, validator: "v")
        }
    }
}
