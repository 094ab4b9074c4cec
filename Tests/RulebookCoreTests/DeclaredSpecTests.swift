import Foundation
import RulebookCore
import Testing

struct DeclaredSpecTests {
    static let json = #"""
        {
          "feature": "Profile",
          "dialect": "legacy",
          "state": {"name": "ProfileState", "conformances": ["Equatable"],
                    "properties": [{"name": "name", "type": "String"}, {"name": "avatarScale", "type": "CGFloat"},
                                   {"name": "zoom", "type": "CGFloat", "static": true}]},
          "action": {"name": "ProfileAction", "cases": [{"name": "onAppear"}, {"name": "setValue", "associatedValues": [{"type": "Int"}]}]}
        }
        """#

    @Test func rulesRunOnDeclaredSpecsWithJSONPointers() throws {
        let spec = try JSONDecoder().decode(DeclaredSpec.self, from: Data(Self.json.utf8))
        let model = DeclaredFeatureBuilder.model(of: spec)
        #expect(model.dialect == .legacy)
        #expect(model.actions.first?.kind == .enum)
        let findings = RuleEngine().findings(for: model)
        #expect(findings.map(\.ruleId) == ["action-generic-case", "state-animation-value"])
        #expect(findings.map(\.pointer) == ["/action/cases/1", "/state/properties/1"])
        #expect(findings.allSatisfy { $0.file == "Profile.rulebook.json" && $0.line == nil })
    }

    /// Issue 32: a `@Dependency` repository listed under `reducers[].dependencies` is the same
    /// fact as under the reducer type's properties, and reported once either way; a member
    /// that is no `@Dependency` (no wrapper, no key) is not one.
    @Test func aRepositoryAReducerBodyDependsOnIsReportedWhereverTheSpecListsIt() throws {
        let listed = #"{"feature": "Login", "reducers": [{"owner": "LoginFeature", "dependencies": [{"name": "userRepository", "wrappers": ["Dependency"]}, {"name": "loginUseCase", "wrappers": ["Dependency"]}, {"name": "cacheRepository"}]}]}"#
        let both = #"{"feature": "Login", "types": [{"name": "LoginFeature", "attributes": ["Reducer"], "properties": [{"name": "userRepository", "wrappers": ["Dependency"], "dependencyKey": "userRepository"}]}], "reducers": [{"owner": "LoginFeature", "dependencies": [{"name": "userRepository"}]}]}"#
        for (json, pointer) in [(listed, "/reducers/0/dependencies/0"), (both, "/types/0/properties/0")] {
            let model = DeclaredFeatureBuilder.model(of: try JSONDecoder().decode(DeclaredSpec.self, from: Data(json.utf8)))
            let findings = RuleEngine().findings(for: model).filter { $0.ruleId == "environment-injects-repository" }
            #expect(findings.map(\.pointer) == [pointer])
            #expect(findings.first?.message.hasPrefix("Reducer `LoginFeature` depends on repository `userRepository`") == true)
        }
    }

    @Test func fingerprintsDifferByRuleFileAndAnchorOnly() {
        let base = Fingerprint.make(ruleId: "r", file: "f", anchor: "  var x:   CGFloat ")
        #expect(base == Fingerprint.make(ruleId: "r", file: "f", anchor: "var x: CGFloat"))
        #expect(base != Fingerprint.make(ruleId: "r2", file: "f", anchor: "var x: CGFloat"))
        #expect(base != Fingerprint.make(ruleId: "r", file: "g", anchor: "var x: CGFloat"))
        #expect(base.count == 16)
    }

    @Test(arguments: [
        ("CGFloat", "CGFloat"), ("[CGFloat]?", "CGFloat"), ("Optional<Array<Angle>>", "Angle"),
        ("Anchor<CGRect>?", "Anchor"), ("[String: CGFloat]", "[String:CGFloat]"), ("CGPoint!", "CGPoint"),
        ("Result<[String], Error>", "Result"), ("[ Item ]?", "Item"), ("Optional< Array<Angle> >", "Angle"),
        ("\tCGFloat\r\n", "CGFloat"), ("Set <Int>", "Int"), ("[Café ]", "Café"), ("[ Int\u{301} ]", "Int\u{301}"),
    ])
    func baseTypeNames(written: String, base: String) {
        #expect(TypeName.base(written) == base)
    }

    /// Member pointers of the State, Action and Environment are made in advance for the
    /// first members; past those, and for other types, they are made per spec: the same text.
    @Test func memberPointersAreRightBeforeAndPastThoseMadeInAdvance() throws {
        let count = 300
        let properties = (0..<count).map { DeclaredProperty(name: "p\($0)", type: "Int") }
        let methods = (0..<count).map { DeclaredMethod(name: "m\($0)") }
        let cases = (0..<count).map { DeclaredCase(name: "c\($0)") }
        let type = { (name: String) in
            DeclaredType(name: name, properties: properties, methods: methods, cases: cases)
        }
        let spec = DeclaredSpec(
            feature: "Big", state: type("State"), action: type("Action"), environment: type("Environment"),
            types: [type("Other"), type("Another")])
        let model = DeclaredFeatureBuilder.model(of: spec)
        for (declared, pointer) in zip(model.types, ["/state", "/action", "/environment", "/types/0", "/types/1"]) {
            #expect(declared.location.pointer == pointer)
            #expect(declared.properties.map(\.location.pointer) == (0..<count).map { "\(pointer)/properties/\($0)" })
            #expect(declared.methods.map(\.location.pointer) == (0..<count).map { "\(pointer)/methods/\($0)" })
            #expect(declared.cases.map(\.location.pointer) == (0..<count).map { "\(pointer)/cases/\($0)" })
        }
    }
}
