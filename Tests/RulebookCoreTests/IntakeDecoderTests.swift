import Foundation
import RulebookCore
import Testing

struct IntakeDecoderTests {
    let decoder = IntakeDecoder(source: "rulebook://producer/test/intake", defaultRunId: "serve-1")

    @Test func bareDeclaredSpecIsWrappedIntoTheDefaultRun() throws {
        let bytes = Array(#"{"feature": "Profile", "action": {"name": "Action", "cases": [{"name": "update"}]}}"#.utf8)
        guard case .spec(let event) = try decoder.decode(bytes) else {
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
        guard case .spec(let decoded) = try decoder.decode(EventCodec().encode(event)) else {
            Issue.record("not a spec")
            return
        }
        #expect(decoded.runid == "serve-1")
        #expect(decoded.id == event.id)
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
