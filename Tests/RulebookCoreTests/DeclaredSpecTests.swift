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
        ("Result<[String], Error>", "Result"), ("[ Item ]?", "Item"), ("Optional< Array<Angle> >", "Angle"),
        ("\tCGFloat\r\n", "CGFloat"), ("Set <Int>", "Int"), ("[Café ]", "Café"), ("[ Int\u{301} ]", "Int\u{301}"),
    ])
    func baseTypeNames(written: String, base: String) {
        #expect(TypeName.base(written) == base)
    }
}

struct DeclaredSpecStrictnessTests {
    @Test(arguments: [
        (#"{"feature": "A", "dialet": "legacy"}"#, "/dialet"),
        (#"{"feature": "A", "state": {"name": "S", "propeties": []}}"#, "/state/propeties"),
        (#"{"feature": "A", "action": {"name": "A", "cases": [{"name": "a"}, {"name": "b", "payload": 1}]}}"#, "/action/cases/1/payload"),
        (#"{"feature": "A", "reducers": [{"sites": [{"path": "print", "inEffect": true}]}]}"#, "/reducers/0/sites/0/inEffect"),
    ])
    func unknownKeysAreRejectedWithTheirPointer(json: String, pointer: String) {
        do {
            _ = try DeclaredSpecDecoder.decode(Data(json.utf8))
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.code == "RB104")
            #expect(error.message.contains("unknown key at \(pointer)"))
        }
    }

    @Test func nullForAnOptionalKeyIsAccepted() throws {
        let spec = try DeclaredSpecDecoder.decode(Data(#"{"feature": "A", "dialect": null, "state": null}"#.utf8))
        #expect(spec.feature == "A")
    }

    @Test func spec_submittedEventsAreCheckedToo() {
        let json = #"{"specversion": "1.0", "id": "1", "source": "s", "type": "dev.rulebook.spec.submitted", "data": {"feature": "A", "origin": "declared", "declared": {"feature": "A", "stat": {}}}}"#
        do {
            _ = try EventCodec().decode(Array(json.utf8))
            Issue.record("accepted an unknown declared key inside an event")
        } catch {
            #expect(error.code == "RB104")
            #expect(error.message.contains("/data/declared/stat"))
        }
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

    @Test func everyFactKindMapsToPointers() throws {
        let json = #"""
            {"feature": "Shop", "dialect": "legacy",
             "environment": {"name": "ShopEnvironment", "properties": [{"name": "mock", "type": "Self", "static": true, "usesMainScheduler": true}],
                             "methods": [{"name": "live", "static": true}]},
             "reducers": [{"owner": "shopReducer", "switches": [{"handledCases": ["a"], "hasDefault": true}],
                           "sites": [{"path": "print", "statement": true}, {"path": "await", "kind": "await", "insideEffect": true}],
                           "dependencies": [{"name": "environment", "type": null}]}],
             "views": [{"name": "ShopView", "holdsStore": true, "animationModifiers": [{"modifier": "opacity", "argument": "viewStore.alpha", "readsStore": true}]}],
             "files": [{"path": "Domain/Shop.swift", "imports": ["Foundation", "UIKit"], "types": ["Shop"], "glassUses": [{"api": "glassEffect", "guarded": false}]}],
             "types": [{"name": "ShopError", "kind": "enum", "accessLevel": "public"}]}
            """#
        let model = DeclaredFeatureBuilder.model(of: try DeclaredSpecDecoder.decode(Data(json.utf8)))
        #expect(model.environments.first?.hasStaticMember(named: "live") == true)
        #expect(model.environments.first?.properties.first?.mainSchedulerUses.first?.pointer == "/environment/properties/0/usesMainScheduler")
        #expect(model.reducers.first?.switches.first?.defaultLocation?.pointer == "/reducers/0/switches/0/hasDefault")
        #expect(model.reducers.first?.sites.map(\.location.pointer) == ["/reducers/0/sites/0", "/reducers/0/sites/1"])
        #expect(model.reducers.first?.sites.last?.kind == .await)
        #expect(model.views.first?.animationModifiers.first?.location.pointer == "/views/0/animationModifiers/0")
        #expect(model.files.first?.layer == .domain)
        #expect(model.files.first?.imports.last?.location.pointer == "/files/0/imports/1")
        #expect(model.files.first?.glassUses.first?.isAvailabilityGuarded == false)
        #expect(model.types.last?.accessLevel == "public")
    }
}
