import Foundation
import RulebookCore
import RulebookPipeline
import RulebookWire
import Testing

struct PushInputTests {
    let decoder = IntakeDecoder(source: "rulebook://client/test/1", defaultRunId: "push-run")
    let declared = #"{"feature": "Profile", "state": {"name": "State", "properties": [{"name": "scale", "type": "CGFloat"}]}}"#

    func event(id: String, runid: String? = nil) -> String {
        let run = runid.map { #", "runid": "\#($0)""# } ?? ""
        return #"{"specversion": "1.0", "id": "\#(id)", "source": "urn:tool", "type": "dev.rulebook.spec.submitted"\#(run), "data": {"feature": "A", "origin": "declared", "declared": {"feature": "A"}}}"#
    }

    @Test func oneObjectArraysAndJSONLinesAreRead() throws {
        let one = try PushInput.events(in: Data(declared.utf8), name: "p.json", decoder: decoder)
        #expect(one.count == 1 && one[0].source == "rulebook://client/test/1" && one[0].runid == "push-run")
        #expect(one[0].data.origin == .declared && one[0].data.declared?.feature == "Profile")

        let array = try PushInput.events(in: Data("[\(declared), \(event(id: "e1"))]".utf8), name: "a.json", decoder: decoder)
        #expect(array.map(\.data.feature) == ["Profile", "A"])

        let lines = try PushInput.events(in: Data("\(event(id: "e1", runid: "theirs"))\n\n\(declared)\n".utf8), name: "l.jsonl", decoder: decoder)
        #expect(lines.map(\.id).first == "e1")
        #expect(lines.first?.source == "urn:tool")
        #expect(lines.allSatisfy { $0.runid == "push-run" })
    }

    @Test func errorsCarryThePositionAndTheIntakeCode() throws {
        do {
            _ = try PushInput.events(in: Data("\(declared)\nnot json\n".utf8), name: "l.jsonl", decoder: decoder)
            Issue.record("bad JSON Lines were accepted")
        } catch {
            guard case .inInput(let location, _) = error else { Issue.record("\(error)"); return }
            #expect(location == "l.jsonl:2" && error.code == "RB100")
            // One code, not the intake's code wrapped in RB111.
            #expect(error.description.hasPrefix("RB100: l.jsonl:2: ") && !error.description.contains("RB111"))
        }
        do {
            _ = try PushInput.events(in: Data(#"[{"feature": "A", "sate": {}}]"#.utf8), name: "a.json", decoder: decoder)
            Issue.record("a misspelt declared spec was accepted")
        } catch {
            guard case .inInput(let location, _) = error else { Issue.record("\(error)"); return }
            #expect(location == "a.json[0]" && error.code == "RB104")
        }
        let opened = #"{"specversion": "1.0", "id": "o", "source": "s", "type": "dev.rulebook.run.opened", "data": {"runId": "r"}}"#
        do {
            _ = try PushInput.events(in: Data(opened.utf8), name: "o.json", decoder: decoder)
            Issue.record("run.opened was accepted")
        } catch {
            #expect(error.code == "RB113")
        }
    }

    @Test func tooDeepJSONKeepsItsOwnCode() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        do {
            _ = try PushInput.events(in: Data(#"{"feature": "A", "state": \#(deep)}"#.utf8), name: "d.json", decoder: decoder)
            Issue.record("too deep JSON was accepted")
        } catch {
            #expect(error.code == "RB109" && error.message.hasPrefix("d.json: "))
        }
    }

    @Test func emptyInputHoldsNoSpecs() throws {
        #expect(try PushInput.events(in: Data("\n  \n".utf8), name: "e", decoder: decoder).isEmpty)
    }
}
