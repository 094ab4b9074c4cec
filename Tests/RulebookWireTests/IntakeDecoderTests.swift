import Foundation
import RulebookCore
import RulebookWire
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
        (#"{"specversion": "1.0", "id": "1", "source": "s", "type": "dev.rulebook.spec.submitted", "runid": null, "data": {"feature": "A", "origin": "declared", "declared": {"feature": "A"}}}"#, "RB101"),
        (#"{"specversion": "1.0", "id": "", "source": "s", "type": "dev.rulebook.spec.submitted", "data": {"feature": "A", "origin": "declared", "declared": {"feature": "A"}}}"#, "RB101"),
        (#"{"specversion": "1.0", "id": "1", "source": "s", "type": "dev.rulebook.spec.submitted", "data": {"feature": "A", "origin": "declared", "declared": {"feature": "A", "feature": "B"}}"#, "RB100"),
    ])
    func rejections(json: String, code: String) {
        do {
            _ = try decoder.decode(Array(json.utf8))
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.code == code)
        }
        // The producer's quick acceptance refuses them alike.
        do {
            _ = try decoder.accept(Array(json.utf8))
            Issue.record("accept took \(json)")
        } catch {
            #expect(error.code == code)
        }
    }

    static let event = #"{"specversion":"1.0","id":"e1","source":"tool","type":"dev.rulebook.spec.submitted","data":{"feature":"A","origin":"declared","declared":"#

    @Test func acceptForwardsASpecEventAsItCameInItsRun() throws {
        let bytes = Array((Self.event + #"{"feature":"A","state":{"name":"S"}}},"runid":"r9"}"#).utf8)
        guard case .spec(let spec) = try decoder.accept(bytes) else {
            Issue.record("not a spec")
            return
        }
        #expect(spec.forward == bytes)
        #expect(spec.id == "e1" && spec.source == "tool" && spec.runid == "r9")
    }

    @Test func acceptWritesTheDefaultRunIntoASpecWithout() throws {
        let bytes = Array((Self.event + #"{"feature":"A"}}}"#).utf8)
        guard case .spec(let spec) = try decoder.accept(bytes), case .specSubmitted(let event) = try EventCodec().decode(spec.forward) else {
            Issue.record("not a forwardable spec")
            return
        }
        #expect(spec.runid == "serve-1" && event.runid == "serve-1")
        #expect(event.id == "e1" && event.data.declared == DeclaredSpec(feature: "A"))
    }

    /// Decoding the spec is the validators' work: the intake forwards a bad declared spec,
    /// and a validator's decoder rejects it with the code the intake would have given.
    @Test func acceptLeavesABadDeclaredSpecToTheValidators() throws {
        let bytes = Array((Self.event + #"{"feature":"A","state":{"name":"S","kind":"union"}}}}"#).utf8)
        let full: RulebookError
        do {
            _ = try decoder.decode(bytes)
            Issue.record("decode accepted a bad spec")
            return
        } catch {
            full = error
        }
        guard case .spec(let spec) = try decoder.accept(bytes) else {
            Issue.record("not a spec")
            return
        }
        guard case .failure(let error) = EventCodec().inspect(spec.forward).event else {
            Issue.record("a validator would accept the bad spec")
            return
        }
        #expect(error.code == "RB104" && error == full)
    }

    @Test func acceptForwardsRunOpenedToThePersister() throws {
        let opened = CloudEvent(source: "tool", runId: "r1", data: RunOpened(runId: "r1", expectedSpecs: 2, tool: "t", paths: []))
        guard case .runOpened(let event) = try decoder.accept(EventCodec().encode(opened)) else {
            Issue.record("not run.opened")
            return
        }
        #expect(event.data.expectedSpecs == 2)
    }
}
