import Foundation
import RulebookCore
import RulebookWire
import Testing

struct EventCodecTests {
    let codec = EventCodec()

    static func json(_ object: [String: Any]) -> [UInt8] {
        Array(try! JSONSerialization.data(withJSONObject: object))
    }

    static var validSubmitted: [String: Any] { [
        "specversion": "1.0", "id": "spec-1", "source": "tests", "type": "dev.rulebook.spec.submitted",
        "runid": "run-1",
        "data": ["feature": "Login", "origin": "declared", "declared": ["feature": "Login"]],
    ] }

    static func with(_ key: String, _ value: Any?) -> [UInt8] {
        var object = validSubmitted
        object[key] = value
        return json(object)
    }

    @Test(arguments: [
        ([UInt8](), "RB106"),
        ([0xff, 0xfe, 0x7b], "RB105"),
        (Array("not json".utf8), "RB100"),
        (Array("{\"a\": ".utf8), "RB100"),
        (Array("[1, 2]".utf8), "RB101"),
        (Array(String(repeating: "[", count: 100_000).utf8), "RB109"),
        (with("specversion", nil), "RB101"),
        (with("id", nil), "RB101"),
        (with("source", 42), "RB101"),
        (with("type", ""), "RB101"),
        (with("specversion", "0.3"), "RB102"),
        (with("type", "com.example.other"), "RB103"),
        (with("runid", 7), "RB101"),
        (with("data", ["feature": "Login"]), "RB104"),
        (with("data", ["feature": "Login", "origin": "paper"]), "RB104"),
    ])
    func badFramesMapToTaxonomyCodes(frame: [UInt8], code: String) {
        #expect(throws: RulebookError.self) { try codec.decode(frame) }
        do {
            _ = try codec.decode(frame)
        } catch {
            #expect(error.code == code)
        }
    }

    @Test func headerSurvivesBadData() {
        let inspected = codec.inspect(Self.with("data", ["feature": 3]))
        #expect(inspected.header?.id == "spec-1")
        #expect(inspected.header?.runid == "run-1")
        guard case .failure(let error) = inspected.event else {
            Issue.record("bad data decoded")
            return
        }
        #expect(error.code == "RB104")
    }

    @Test func everyPayloadRoundTrips() throws {
        let finding = Finding(
            ruleId: "state-animation-value", severity: .error, message: "m",
            location: SourceLocation(file: "A.swift", line: 1, column: 2), fingerprint: "00")
        let events: [[UInt8]] = [
            codec.encode(CloudEvent(source: "s", runId: "r", data: SpecSubmitted(feature: "A", origin: .swiftSource, files: [SourceFile(path: "A.swift", contents: "struct A {}")]))),
            codec.encode(CloudEvent(source: "s", runId: "r", data: SpecValidated(specId: "1", specSource: "s", feature: "A", origin: .swiftSource, dialect: .modern, findings: [finding], validator: "v", durationMicros: 5))),
            codec.encode(CloudEvent(source: "s", runId: "r", data: SpecRejected(specId: nil, specSource: nil, error: .emptyMessage, stage: .intake))),
            codec.encode(CloudEvent(source: "s", runId: "r", data: RunOpened(runId: "r", expectedSpecs: 3, tool: "t", paths: ["."]))),
            codec.encode(CloudEvent(source: "s", runId: "r", data: RunCompleted(runId: "r", summary: RunSummary(specs: 3)))),
            codec.encode(CloudEvent(source: "s", runId: "r", data: SpecPersisted(runId: "r", specId: "1", specSource: "s", status: .validated, duplicate: false))),
            codec.encode(CloudEvent(source: "s", runId: nil, data: WorkerHeartbeat(worker: "w", role: .validator, pid: 1, received: 0, processed: 0, rejected: 0, intervalMillis: 1000))),
        ]
        var types: [EventType] = []
        for bytes in events {
            let inspected = codec.inspect(bytes)
            _ = try inspected.event.get()
            types.append(inspected.header!.type)
        }
        #expect(types == EventType.allCases)
        guard case .specValidated(let validated) = try codec.decode(events[1]) else {
            Issue.record("not spec.validated")
            return
        }
        #expect(validated.data.findings == [finding])
        #expect(validated.dataschema == EventType.specValidated.dataSchema)
        #expect(validated.datacontenttype == "application/json")
    }

    @Test func findingsEncodeEveryLocationFieldEvenWhenAbsent() throws {
        let finding = Finding(
            ruleId: "r", severity: .warning, message: "m", location: SourceLocation(file: "X.rulebook.json", pointer: "/state"),
            fingerprint: "ff")
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(finding)) as! [String: Any]
        #expect(
            Set(object.keys) == ["ruleId", "severity", "message", "file", "line", "column", "endLine", "endColumn", "pointer", "fingerprint"])
        #expect(object["line"] is NSNull && object["endLine"] is NSNull && object["endColumn"] is NSNull)
    }
}
