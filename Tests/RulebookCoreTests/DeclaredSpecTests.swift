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
    ])
    func baseTypeNames(written: String, base: String) {
        #expect(TypeName.base(written) == base)
    }
}
