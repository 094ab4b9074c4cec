import Foundation
import RulebookCore
import Testing

struct IntakeDecoderTests {
    let decoder = IntakeDecoder(source: "rulebook://producer/test/intake", defaultRunId: "serve-1")

    @Test func bareDeclaredSpecIsWrappedIntoTheDefaultRun() throws {
        let bytes = Array(#"{"feature": "Profile", "action": {"name": "Action", "cases": [{"name": "update"}]}}"#.utf8)
        guard case .spec(let event, _) = try decoder.decode(bytes) else {
            Issue.record("not a spec")
            return
        }
        #expect(event.runid == "serve-1")
        #expect(event.source == "rulebook://producer/test/intake")
        #expect(event.data.origin == .declared)
        #expect(event.data.declared?.action?.cases?.first?.name == "update")
    }

    @Test func cloudEventWithoutRunGetsTheDefaultRun() throws {
        let event = CloudEvent(source: "tool", runId: nil, data: SpecSubmitted(feature: "A", origin: .declared, declared: DeclaredSpec(feature: "A")))
        guard case .spec(let decoded, _) = try decoder.decode(EventCodec().encode(event)) else {
            Issue.record("not a spec")
            return
        }
        #expect(decoded.runid == "serve-1")
        #expect(decoded.id == event.id)
    }

    @Test func forwardsTheMessageItselfWhenItNamesItsRun() throws {
        let event = CloudEvent(source: "tool", runId: "run-7", data: SpecSubmitted(feature: "A", origin: .declared, declared: DeclaredSpec(feature: "A")))
        let bytes = EventCodec().encode(event)
        guard case .spec(_, let forward) = try decoder.decode(bytes) else {
            Issue.record("not a spec")
            return
        }
        #expect(forward == bytes)
    }

    @Test(arguments: [
        #"{"specversion":"1.0","id":"e1","source":"tool","type":"dev.rulebook.spec.submitted","data":{"feature":"A","origin":"declared","declared":{"feature":"A"}}}"#,
        "  {\n  \"specversion\" : \"1.0\", \"id\": \"e1\", \"source\": \"tool\",\n \"type\": \"dev.rulebook.spec.submitted\",\n \"data\": {\"feature\": \"A\", \"origin\": \"declared\", \"declared\": {\"feature\": \"A\"}}\n}\n",
    ])
    func forwardsTheMessageWithTheDefaultRunWrittenIn(json: String) throws {
        guard case .spec(let accepted, let forward) = try decoder.decode(Array(json.utf8)) else {
            Issue.record("not a spec")
            return
        }
        guard case .specSubmitted(let event) = try EventCodec().decode(forward) else {
            Issue.record("forwarded bytes are not a spec.submitted event")
            return
        }
        #expect(event.runid == "serve-1")
        #expect(accepted.runid == "serve-1")
        #expect(event.id == "e1")
        #expect(event.source == "tool")
        #expect(event.data.declared == DeclaredSpec(feature: "A"))
    }

    @Test func forwardsAWrappedDeclaredSpecEncoded() throws {
        guard case .spec(let accepted, let forward) = try decoder.decode(Array(#"{"feature": "Profile"}"#.utf8)),
            case .specSubmitted(let event) = try EventCodec().decode(forward)
        else {
            Issue.record("not a forwardable spec")
            return
        }
        #expect(event.id == accepted.id)
        #expect(event.runid == "serve-1")
        #expect(event.data.feature == "Profile")
    }

    @Test(arguments: [
        (#"{"name": "no feature, no specversion"}"#, "RB101"),
        (#"{"feature": 12}"#, "RB104"),
        (#"{"feature": "A", "state": {"name": "S", "kind": "union"}}"#, "RB104"),
        (#"{"specversion": "1.0", "id": "1", "source": "s", "type": "dev.rulebook.spec.persisted", "data": {}}"#, "RB113"),
        (#"{"specversion": "1.0", "id": "1", "source": "s", "type": "dev.rulebook.spec.submitted", "data": {"feature": "A", "origin": "swift-source", "files": []}}"#, "RB112"),
    ])
    func rejections(json: String, code: String) {
        do {
            _ = try decoder.decode(Array(json.utf8))
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.code == code)
        }
    }
}
