import Foundation
import RulebookCore
@testable import RulebookWire
import Testing

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

    /// A spec is read once, by the hand-written reader, into what the full checks (JSONDecoder
    /// and the key checks) read: every field the schema defines, and the bundled example.
    @Test func oneReadGivesWhatTheFullChecksGive() throws {
        var document = try DeclaredSpecContractTests.fullDocument()
        document["project"] = nil
        let example = DeclaredSpecContractTests.schemaURL.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/Declared/Profile.rulebook.json")
        for data in [try JSONSerialization.data(withJSONObject: document), try Data(contentsOf: example)] {
            let once = try #require(DeclaredSpecDecoder.readInOnePass(Array(data)), "not read in one pass")
            #expect(once == (try JSONDecoder().decode(DeclaredSpec.self, from: data)))
        }
    }

    /// The reader hands a spec's `project` to JSONDecoder, which would ignore an unknown key
    /// in it: such a spec takes the full checks, which refuse it.
    @Test func anUnknownKeyInTheProjectIsRefused() {
        let json = #"{"feature": "A", "project": {"hasReducers": true, "bogus": 1}}"#
        #expect(DeclaredSpecDecoder.readInOnePass(Array(json.utf8)) == nil)
        #expect(throws: RulebookError.invalidEventData("declared spec: unknown key at /project/bogus; see schemas/declared-spec.schema.json")) {
            try DeclaredSpecDecoder.decode(Data(json.utf8))
        }
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

    /// The per-spec reader declines a declared spec with a `project`, as the one-pass reader
    /// does: the full checks refuse an unknown key in it.
    @Test func anUnknownKeyInAnEventsDeclaredProjectIsRefused() {
        let json = #"{"specversion": "1.0", "id": "1", "source": "s", "type": "dev.rulebook.spec.submitted", "data": {"feature": "A", "origin": "declared", "declared": {"feature": "A", "project": {"hasReducers": true, "bogus": 1}}}}"#
        #expect(throws: RulebookError.invalidEventData("declared spec: unknown key at /data/declared/project/bogus; see schemas/declared-spec.schema.json")) {
            try EventCodec().decode(Array(json.utf8))
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
