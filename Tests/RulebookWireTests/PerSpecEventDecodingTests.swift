import Foundation
import RulebookCore
@testable import RulebookWire
import Testing

/// The fast path reads frames straight from their text: whatever the order of members,
/// `data` before or after `type`, it must decode what the Foundation path decodes and
/// decline wherever the Foundation path fails.
struct PerSpecEventDecodingTests {
    typealias Fixtures = PerSpecEventCodecTests

    /// The Foundation path of ``EventCodec/inspect(_:)``, bypassing the fast path.
    static func foundationFrame(_ bytes: [UInt8]) throws -> (EventHeader, IncomingEvent) {
        let codec = EventCodec()
        let object = try codec.jsonObject(bytes)
        let header = try EventCodec.header(of: object)
        return (header, try codec.event(bytes, object: object, header: header).get())
    }

    /// The event as sorted JSON, attributes and payload: equal texts, equal events.
    static func canonical(_ event: IncomingEvent) -> String {
        func text<P: EventPayload>(_ event: CloudEvent<P>) -> String {
            String(decoding: Fixtures.foundationEncoded(event), as: UTF8.self)
        }
        switch event {
        case .specSubmitted(let event): return text(event)
        case .specValidated(let event): return text(event)
        case .specPersisted(let event): return text(event)
        case .specRejected(let event): return text(event)
        case .runOpened(let event): return text(event)
        case .runCompleted(let event): return text(event)
        case .workerHeartbeat(let event): return text(event)
        }
    }

    /// What a socket may expect: nothing, each per-spec type (right or wrong for the frame)
    /// and a type the fast path never reads.
    static let expectations: [EventType?] = [nil, .specSubmitted, .specValidated, .specPersisted, .runOpened]

    /// Checks that the fast path reads `bytes`, whatever type it expects, and reads it as
    /// the Foundation path does.
    static func expectSameAsFoundation(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let (header, event) = try foundationFrame(bytes)
        for expected in expectations {
            let fast = try #require(PerSpecEventCodec.inspect(bytes, maxDepth: 64, expecting: expected), sourceLocation: sourceLocation)
            #expect(fast.header == header, sourceLocation: sourceLocation)
            #expect(fast.identity == EventIdentity(id: header.id, source: header.source, runid: header.runid), sourceLocation: sourceLocation)
            #expect(canonical(try fast.event.get()) == canonical(event), sourceLocation: sourceLocation)
        }
    }

    /// The members of the encoded event's top-level object, each as `"key":value` text,
    /// in the encoder's order (`data` first, then the attributes alphabetically).
    static func members<P: EventPayload>(of event: CloudEvent<P>) throws -> [(key: String, text: String)] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(Fixtures.foundationEncoded(event))) as? [String: Any])
        return try object.keys.sorted().map { key in
            let value = try JSONSerialization.data(withJSONObject: object[key]!, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
            return (key, "\"\(key)\":" + String(decoding: value, as: UTF8.self))
        }
    }

    /// Orders of the top-level members: each puts `data` and `type` differently.
    enum Order: String, CaseIterable {
        case encoder, typeFirstDataLast, dataAmongAttributes, reversed, dataThenTypeLast

        /// `keys`, sorted as the encoder writes them, in this order.
        func apply(_ keys: [String]) -> [String] {
            let attributes = keys.filter { $0 != "type" && $0 != "data" }
            switch self {
            case .encoder: return keys
            case .typeFirstDataLast: return ["type"] + attributes + ["data"]
            case .dataAmongAttributes: return Array(attributes.prefix(2)) + ["data"] + attributes.dropFirst(2) + ["type"]
            case .reversed: return keys.reversed()
            case .dataThenTypeLast: return attributes + ["data", "type"]
            }
        }
    }

    @Test(arguments: Order.allCases)
    func readsTheAttributesInAnyOrder(order: Order) throws {
        func check<P: EventPayload>(_ event: CloudEvent<P>) throws {
            let members = try Self.members(of: event)
            #expect(members.first?.key == "data")
            let keys = order.apply(members.map(\.key))
            #expect(keys.sorted() == members.map(\.key).sorted())
            let text = "{" + keys.map { key in members.first { $0.key == key }!.text }.joined(separator: ",") + "}"
            try Self.expectSameAsFoundation(Array(text.utf8))
        }
        try check(Fixtures.submittedDeclared)
        try check(Fixtures.submittedFiles)
        try check(Fixtures.validated)
        for ack in Fixtures.persisted { try check(ack) }
    }

    @Test func readsNestingUpToTheLimit() throws {
        // The top level and data make two levels; 62 more reach the limit of 64.
        let data = #"{"feature":"P","origin":"declared","declared":{"feature":"P"},"extra":"# + String(repeating: "[", count: 62)
            + String(repeating: "]", count: 62) + "}"
        for text in Self.frames(data: data) { try Self.expectSameAsFoundation(Array(text.utf8)) }
    }

    @Test func readsEscapesNullsUnknownMembersAndWhitespace() throws {
        let text = #"""
            {"data" : { "fe\u0061ture": "P\u00e9\n\"q\"", "extra": {"a": [1, -2, true, false, null, "x\ty", {"b": {}}], "c": []},
                "origin": "declared", "files": null, "config": null,
                "declared": {"feature": "P", "dialect": null, "file": "a\/b.json", "unknown": null,
                  "state": {"name": "S", "kind": "struct", "properties": [{"name": "p", "static": null, "wrappers": ["W"]}], "methods": []},
                  "reducers": [{"sites": [{"path": "x", "parent": -12}], "switches": [{"handledCases": []}]}]}},
              "time": null, "x-extension": {"nested": {"deep": [null]}}, "specversion": "1.0", "id": "x", "source": "t",
              "runid": "r", "type": "dev.rulebook.spec.submitted" }
            """#
        try Self.expectSameAsFoundation(Array(text.utf8))
    }

    @Test func readsUnknownMembersOfResultsAndAcks() throws {
        let validated = #"""
            {"data":{"specId":"a","specSource":"b","feature":"F","origin":"declared","dialect":"modern","extra":[{"k":1}],
              "findings":[{"ruleId":"r","severity":"warning","message":"m","file":"f","line":null,"column":3,"fingerprint":"x","new":"y"}],
              "validator":"v","durationMicros":-1},"id":"x","source":"s","specversion":"1.0","type":"dev.rulebook.spec.validated"}
            """#
        try Self.expectSameAsFoundation(Array(validated.utf8))
        let persisted = #"""
            {"type":"dev.rulebook.spec.persisted","specversion":"1.0","id":"x","source":"s","data":{"runId":"r","specId":"a",
              "specSource":"b","status":"rejected","duplicate":true,"code":"RB104","message":null,"findings":null,"more":{}}}
            """#
        try Self.expectSameAsFoundation(Array(persisted.utf8))
    }

    /// A finding's end is read by the fast path, not dropped as an unknown member: present,
    /// `null`, or missing (a validator written before findings had ends).
    @Test func readsFindingEndsPresentNullOrMissing() throws {
        let finding = #""ruleId":"r","severity":"warning","message":"m","file":"f","line":2,"column":3,"pointer":null"#
        let validated = """
            {"data":{"specId":"a","specSource":"b","feature":"F","origin":"swift-source","dialect":"modern","findings":[
              {\(finding),"endLine":4,"endColumn":5,"fingerprint":"x"},
              {"endColumn":null,\(finding),"endLine":null,"fingerprint":"y"},
              {\(finding),"fingerprint":"z"}],
              "validator":"v","durationMicros":1},"id":"x","source":"s","specversion":"1.0","type":"dev.rulebook.spec.validated"}
            """
        try Self.expectSameAsFoundation(Array(validated.utf8))
        let fast = try #require(PerSpecEventCodec.inspect(Array(validated.utf8), maxDepth: 64))
        guard case .specValidated(let event) = try fast.event.get() else {
            Issue.record("not a result")
            return
        }
        #expect(event.data.findings.map(\.endLine) == [4, nil, nil])
        #expect(event.data.findings.map(\.endColumn) == [5, nil, nil])
        let persisted = """
            {"type":"dev.rulebook.spec.persisted","specversion":"1.0","id":"x","source":"s","data":{"runId":"r","specId":"a",
              "specSource":"b","status":"validated","duplicate":false,"findings":[{\(finding),"endColumn":9,"endLine":7,"fingerprint":"x"}]}}
            """
        try Self.expectSameAsFoundation(Array(persisted.utf8))
    }

    /// A per-spec frame with `data` first (as the encoder writes it) and `type` last, or
    /// the other way round, around `data`'s text.
    /// The type, content type and schema are read as shared Strings when spelled as our
    /// encoder spells them; spelled any other way (escaped, longer, shorter, other, null) they
    /// read as the Foundation path reads them.
    @Test(arguments: [
        (#""dev.rulebook.spec.submitted""#, #""application/json""#, #""https://rulebook.dev/schemas/spec-submitted.schema.json""#),
        (#""dev\u002erulebook.spec.submitted""#, #""application\/json""#, #""https:\/\/rulebook.dev\/schemas\/spec-submitted.schema.json""#),
        (#""dev.rulebook.spec.submitted""#, #""application/jso""#, #""https://rulebook.dev/schemas/spec-validated.schema.json""#),
        (#""dev.rulebook.spec.submitted""#, #""application/json2""#, #""https://rulebook.dev/schemas/spec-submitted.schema.jsonx""#),
        (#""dev.rulebook.spec.submitted""#, "null", "null"),
        (#""dev.rulebook.spec.submitted""#, #""text/plain; charset=\u00e9""#, #""""#),
    ])
    func readsRepeatedAttributeValuesHoweverSpelled(type: String, contentType: String, schema: String) throws {
        let data = #"{"feature":"P","origin":"declared","declared":{"feature":"P"}}"#
        let extra = #""datacontenttype":\#(contentType),"dataschema":\#(schema),"id":"x","source":"s","specversion":"1.0""#
        for text in [#"{"data":\#(data),\#(extra),"type":\#(type)}"#, #"{"type":\#(type),\#(extra),"data":\#(data)}"#] {
            try Self.expectSameAsFoundation(Array(text.utf8))
        }
    }

    static func frames(data: String, type: String = "dev.rulebook.spec.submitted") -> [String] {
        let attributes = #""id":"x","source":"s","specversion":"1.0""#
        return [
            #"{"data":\#(data),\#(attributes),"type":"\#(type)"}"#,
            #"{"type":"\#(type)",\#(attributes),"data":\#(data)}"#,
        ]
    }

    static let declinedData: [String] = [
        // A repeated key in a member the decoders skip: JSONDecoder would not see it, the duplicate check does.
        #"{"feature":"P","origin":"declared","declared":{"feature":"P"},"extra":{"k":1,"k":2}}"#,
        #"{"feature":"P","feature":"Q","origin":"declared","declared":{"feature":"P"}}"#,
        #"{"feature":"P","origin":"declared","declared":{"feature":"P","feature":"P"}}"#,
        #"{"feature":"P","origin":"declared","declared":{"feature":"P","x":null,"x":null}}"#,
        #"{"feature":"P","origin":"declared","declared":{"feature":"P","state":{"name":"S","unknown":1}}}"#,
        // `null` where a value is required, and wrong types.
        #"{"feature":null,"origin":"declared","declared":{"feature":"P"}}"#,
        #"{"feature":"P","origin":"declared","declared":{"feature":"P","state":{"name":"S","conformances":[null]}}}"#,
        #"{"feature":"P","origin":"declared","declared":{"feature":"P","views":[{"name":"V","holdsStore":"yes"}]}}"#,
        #"{"feature":"P","origin":"declaredd","declared":{"feature":"P"}}"#,
        #"{"feature":"P","origin":"declared","declared":[]}"#,
        "null",
        "[]",
        // Numbers other than plain integers of at most 18 digits, even where skipped.
        #"{"feature":"P","origin":"declared","declared":{"feature":"P"},"extra":1.5}"#,
        #"{"feature":"P","origin":"declared","declared":{"feature":"P","reducers":[{"sites":[{"path":"p","parent":1234567890123456789}]}]}}"#,
        #"{"feature":"P","origin":"declared","declared":{"feature":"P","reducers":[{"sites":[{"path":"p","parent":01}]}]}}"#,
        // Malformed text inside data, which is passed over by its brackets when it comes first.
        #"{"feature":"P","origin":"declared","declared":{"feature":"P"},}"#,
        #"{"feature":"P","origin":"declared","declared":{"feature":"P"}]"#,
        #"{"feature":"P" "origin":"declared","declared":{"feature":"P"}}"#,
        #"{"feature":"P\x","origin":"declared","declared":{"feature":"P"}}"#,
        #"{"feature":"P\ud83d\ude00","origin":"declared","declared":{"feature":"P"}}"#,
        #"{"feature":"P","origin":"declared","declared":{"feature":"P"},"extra":tru}"#,
        // A non-ASCII key (Swift's string comparison could equate it with another).
        #"{"feature":"P","origin":"declared","declared":{"feature":"P"},"é":1}"#,
        // A rule configuration or a project context that JSONDecoder cannot read, or whose keys repeat.
        #"{"feature":"P","origin":"declared","declared":{"feature":"P"},"config":{"disabledRules":7}}"#,
        #"{"feature":"P","origin":"declared","declared":{"feature":"P"},"project":{"hasReducers":"yes"}}"#,
        #"{"feature":"P","origin":"declared","declared":{"feature":"P"},"config":{"disabledRules":[],"disabledRules":[]}}"#,
        // Nesting beyond the limit (64) inside data.
        #"{"feature":"P","origin":"declared","declared":{"feature":"P"},"extra":"# + String(repeating: "[", count: 63)
            + String(repeating: "]", count: 63) + "}",
    ]

    @Test(arguments: declinedData.flatMap { frames(data: $0) } + [
        frames(data: #"{"runId":"r"}"#, type: "dev.rulebook.run.opened")[0],
        frames(data: #"{"feature":"P","origin":"declared","declared":{"feature":"P"}}"#, type: "dev.rulebook.spec.unknown")[0],
        #"{"data":{"feature":"P","origin":"declared","declared":{"feature":"P"}},"data":{},"id":"x","source":"s","specversion":"1.0","type":"dev.rulebook.spec.submitted"}"#,
        #"{"data":{"feature":"P","origin":"declared","declared":{"feature":"P"}},"id":"x","source":"s","specversion":null,"type":"dev.rulebook.spec.submitted"}"#,
        #"{"data":{"feature":"P","origin":"declared","declared":{"feature":"P"}},"id":"x","source":"s","type":"dev.rulebook.spec.submitted"}"#,
        #"{"data":{"feature":"P","origin":"declared","declared":{"feature":"P"}},"id":"x","source":"s","specversion":"1.0"}"#,
        #"{"id":"x","source":"s","specversion":"1.0","type":"dev.rulebook.spec.submitted"}"#,
        #"{"data":{"feature":"P","origin":"declared","declared":{"feature":"P"}},"id":"x","source":"s","specversion":"1.0","type":"dev.rulebook.spec.submitted","x":{"a":1,"a":1}}"#,
        #"{"data":{"feature":"P","origin":"declared","declared":{"feature":"P"}},"id":"x","source":"s","specversion":"1.0","type":"dev.rulebook.spec.submitted","time":1}"#,
        #"{"data":{"feature":"P","origin":"declared","declared":{"feature":"P"},"id":"x","source":"s","specversion":"1.0","type":"dev.rulebook.spec.submitted"}"#,
        #"{"data":{"feature":"P","origin":"declared","declared":{"feature":"P"}}}}"#,
    ])
    func declinesWhatFoundationMustDecide(text: String) {
        for expected in Self.expectations {
            #expect(PerSpecEventCodec.inspect(Array(text.utf8), maxDepth: 64, expecting: expected) == nil)
        }
    }

    /// A `data` that reads as the expected type while the frame says another: it is read
    /// again as what the frame says, not taken as the guess.
    @Test func readsDataAsTheFramesTypeWhenTheGuessIsWrong() throws {
        let data = #"{"runId":"r","specId":"a","specSource":"b","status":"validated","duplicate":false}"#
        let persisted = Self.frames(data: data, type: "dev.rulebook.spec.persisted")[0]
        let asAck = try #require(PerSpecEventCodec.inspect(Array(persisted.utf8), maxDepth: 64, expecting: .specPersisted))
        guard case .success(.specPersisted) = asAck.event else {
            Issue.record("not read as an ack")
            return
        }
        // The same data under another per-spec type does not read as that type: declined,
        // even though it reads as the expected ack.
        let validated = Self.frames(data: data, type: "dev.rulebook.spec.validated")[0]
        #expect(PerSpecEventCodec.inspect(Array(validated.utf8), maxDepth: 64, expecting: .specPersisted) == nil)
        #expect(PerSpecEventCodec.inspect(Array(validated.utf8), maxDepth: 64) == nil)
    }

    @Test func declinesInvalidUTF8InData() {
        for text in Self.frames(data: #"{"feature":"P"# + "\u{1}" + #"","origin":"declared","declared":{"feature":"P"}}"#) {
            for expected in Self.expectations {
                var bytes = Array(text.utf8)
                let control = bytes.firstIndex(of: 0x01)!
                #expect(PerSpecEventCodec.inspect(bytes, maxDepth: 64, expecting: expected) == nil)
                bytes[control] = 0xFF
                #expect(PerSpecEventCodec.inspect(bytes, maxDepth: 64, expecting: expected) == nil)
                bytes[control] = UInt8(ascii: "Q")
                #expect(PerSpecEventCodec.inspect(bytes, maxDepth: 64, expecting: expected) != nil)
            }
        }
    }
}
