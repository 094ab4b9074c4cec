import Foundation
import RulebookCore
import RulebookWire
import Testing

/// Inputs that crashed `Fuzz/FuzzEnvelope` (see Fuzz/README.md), kept in
/// `Tests/Fixtures/FuzzCrashers/FuzzEnvelope`, fed through the decoders the way the workers
/// use them: each must be answered (an event or a taxonomy error), never crash, and whatever
/// Rulebook encodes in reply must decode again.
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/FuzzCrashers/FuzzEnvelope")
    static let inputs: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    let codec = EventCodec()
    let intake = IntakeDecoder(source: "tests", defaultRunId: "run")

    @Test func theCrashersAreKept() {
        #expect(Self.inputs.count >= 6)
    }

    @Test(arguments: inputs)
    func everyDecoderAnswers(name: String) throws {
        let bytes = try Self.bytes(name)
        switch codec.inspect(bytes).event {
        case .success(let event):
            if case .specSubmitted(let submitted) = event { #expect(throws: Never.self) { try codec.decode(codec.encode(submitted)) } }
        case .failure(let error):
            let rejection = SpecRejected(specId: nil, specSource: nil, error: error, stage: .validator, excerpt: String(decoding: bytes.prefix(160), as: UTF8.self))
            #expect(throws: Never.self) { try codec.decode(codec.encode(CloudEvent(source: "t", runId: nil, data: rejection))) }
        }
        _ = try? intake.decode(bytes)
        _ = try? DeclaredSpecDecoder.decode(Data(bytes))
    }

    /// `JSONSerialization` kept the last `type`, `JSONDecoder` the first: the event passed its
    /// checks as `run.opened` and was forwarded as an unknown type nothing could decode.
    @Test(arguments: [("duplicate-type-attribute.json", "source"), ("duplicate-key-escaped.json", "type")])
    func duplicateKeysAreInvalidJSON(name: String, key: String) throws {
        let bytes = try Self.bytes(name)
        guard case .failure(let error) = codec.inspect(bytes).event else {
            Issue.record("accepted an event with a duplicate key")
            return
        }
        #expect(error.code == "RB100")
        #expect(error.message.contains("key '\(key)' appears twice in the object at /;"))
        #expect(throws: RulebookError.self) { try intake.decode(bytes) }
    }

    @Test func duplicateKeysNameTheirObject() {
        let nested = Array(#"{"specversion": "1.0", "id": "1", "source": "s", "type": "dev.rulebook.spec.submitted", "data": {"feature": "A", "origin": "declared", "declared": {"feature": "A", "state": {"name": "S", "name": "T"}}}}"#.utf8)
        guard case .failure(let error) = codec.inspect(nested).event else {
            Issue.record("accepted an event with a duplicate key")
            return
        }
        #expect(error.message.contains("key 'name' appears twice in the object at /data/declared/state"))
        let inArray = Array(#"{"a": [{"b": 1}, {"b": 1, "b": 2}]}"#.utf8)
        #expect(throws: RulebookError.invalidJSON("key 'b' appears twice in the object at /a/1; keys must be unique")) {
            try codec.jsonObject(inArray)
        }
        // Equal keys in different objects, and keys equal to values, are fine.
        #expect(throws: Never.self) { try codec.jsonObject(Array(#"{"a": {"a": "a"}, "b": [{"a": 1}, {"a": 2}]}"#.utf8)) }
    }

    /// A declared spec read from a file (the scanner's path) whose misspelt key hid behind a
    /// second, clean copy of its object.
    @Test func duplicateKeysInADeclaredSpecFileAreRejected() throws {
        let bytes = try Self.bytes("duplicate-key-in-declared-spec.json")
        #expect(throws: RulebookError.invalidEventData("declared spec: key 'state' appears twice in the object at /")) {
            try DeclaredSpecDecoder.decode(Data(bytes))
        }
        #expect(throws: RulebookError.self) { try intake.decode(bytes) }
    }

    /// The fast JSON parser multiplied 19 and more digits into an `Int` overflow trap.
    @Test(arguments: ["fast-path-integer-overflow.json", "integer-19-digits.json", "integer-19-digits-negative.json"])
    func longIntegersDoNotTrap(name: String) throws {
        let bytes = try Self.bytes(name)
        _ = codec.inspect(bytes)
        _ = try? intake.decode(bytes)
        let persisted = Array(#"{"specversion": "1.0", "id": "1", "source": "s", "type": "dev.rulebook.spec.persisted", "data": {"specId": "1", "specSource": "s", "status": "validated", "duplicate": false, "findings": 12345678901234567890}}"#.utf8)
        guard case .failure(let error) = codec.inspect(persisted).event else {
            Issue.record("accepted 20 digits as an Int")
            return
        }
        #expect(error.code == "RB104")
    }
}
