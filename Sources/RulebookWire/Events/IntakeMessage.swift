import Foundation
import RulebookCore

/// What the producer's intake accepts: a whole CloudEvent, or a bare declared spec that the
/// producer wraps into a `spec.submitted` event.
public enum IntakeMessage: Sendable {
    /// A `spec.submitted` event, to forward to the validators as `forward`: the event
    /// encoded, in its run. When the message was already such an event, `forward` is the
    /// message itself (with its `runid` written in when it named none), so the producer
    /// does not re-encode what it accepted.
    case spec(CloudEvent<SpecSubmitted>, forward: [UInt8])
    /// A `run.opened` event, to forward to the persister.
    case runOpened(CloudEvent<RunOpened>)
}

/// A spec the producer accepted, as it forwards it to the validators.
public struct AcceptedSpec: Sendable {
    /// The event's `id` and `source` (its dedupe key) and run.
    public var id: String
    public var source: String
    public var runid: String
    /// The `spec.submitted` event to forward, in its run.
    public var forward: [UInt8]
}

/// What the producer does with an intake frame.
public enum IntakeAcceptance: Sendable {
    /// Forward a spec to the validators.
    case spec(AcceptedSpec)
    /// Forward a `run.opened` event to the persister.
    case runOpened(CloudEvent<RunOpened>)
}

/// Decodes intake frames, without I/O: the caller supplies the source and run for wrapped
/// specs (whose new event gets an id and the current time, as every new ``CloudEvent`` does).
public struct IntakeDecoder: Sendable {
    private let codec: EventCodec
    /// `source` given to bare declared specs.
    public var source: String
    /// Run given to events and specs that name none.
    public var defaultRunId: String

    public init(source: String, defaultRunId: String, codec: EventCodec = EventCodec()) {
        self.source = source
        self.defaultRunId = defaultRunId
        self.codec = codec
    }

    /// Decodes one frame; errors carry the taxonomy code to answer with.
    public func decode(_ bytes: [UInt8]) throws(RulebookError) -> IntakeMessage {
        if let frame = PerSpecEventCodec.inspect(bytes, maxDepth: codec.maxDepth), case .success(.specSubmitted(var event)) = frame.event {
            try Self.checkContent(of: event.data)
            // The fast path reads `runid` only as a string: `nil` means the member is absent.
            let run = inRun(bytes, runid: event.runid)
            event.runid = run.runid
            return .spec(event, forward: run.forward)
        }
        let object = try codec.jsonObject(bytes)
        guard object["specversion"] != nil else {
            let event = try wrap(bytes, object: object)
            return .spec(event, forward: codec.encode(event))
        }
        let header = try EventCodec.header(of: object)
        guard [.specSubmitted, .runOpened].contains(header.type) else {
            throw .unexpectedEventType(type: header.type.rawValue, socket: "intake")
        }
        switch try codec.event(bytes, object: object, header: header).get() {
        case .specSubmitted(var event):
            try Self.checkContent(of: event.data)
            event.runid = event.runid ?? defaultRunId
            return .spec(event, forward: codec.encode(event))
        case .runOpened(let event):
            return .runOpened(event)
        default:
            throw .unexpectedEventType(type: header.type.rawValue, socket: "intake")
        }
    }

    /// An event object as forwarded: as it came when it names its run (`runid`), else with
    /// the default run written in (`runid` must then be absent from the object, not `null`).
    private func inRun(_ bytes: [UInt8], runid: String?) -> (runid: String, forward: [UInt8]) {
        if let runid { return (runid, bytes) }
        return (defaultRunId, Self.inserting(runid: defaultRunId, into: bytes))
    }

    /// `object` (a JSON object without a `runid` member) with `"runid":"<runid>"` as its
    /// first member.
    static func inserting(runid: String, into object: [UInt8]) -> [UInt8] {
        guard let brace = object.firstIndex(of: UInt8(ascii: "{")) else { return object }
        var member = JSONWriter(capacity: runid.utf8.count + 12)
        member.object { writer in writer.member("runid", runid) }
        var result: [UInt8] = []
        result.reserveCapacity(object.count + member.bytes.count)
        result.append(contentsOf: object[...brace])
        // The member without its braces; a comma unless the object is empty.
        result.append(contentsOf: member.bytes.dropFirst().dropLast())
        let rest = object[(brace + 1)...]
        if rest.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) != UInt8(ascii: "}") {
            result.append(UInt8(ascii: ","))
        }
        result.append(contentsOf: rest)
        return result
    }

    private func wrap(_ bytes: [UInt8], object: [String: Any]) throws(RulebookError) -> CloudEvent<SpecSubmitted> {
        guard object["feature"] != nil else {
            throw .notACloudEvent("attribute 'specversion' is missing, and it is not a declared spec either (no 'feature')")
        }
        let spec = try DeclaredSpecDecoder.decode(Data(bytes))
        return CloudEvent(
            source: source, runId: defaultRunId,
            data: SpecSubmitted(feature: spec.feature, origin: .declared, declared: spec))
    }

    /// What the producer forwards for one frame. A `spec.submitted` event is checked as far
    /// as the intake's job goes — JSON, CloudEvents attributes, a `data` object whose origin
    /// has its content — and forwarded as it came: decoding the spec is the validators' work
    /// (a bad spec is rejected there, with the same code). Anything else, and anything the
    /// quick check is unsure of, is decoded in full by ``decode(_:)``.
    public func accept(_ bytes: [UInt8]) throws(RulebookError) -> IntakeAcceptance {
        if let spec = try? quickAccept(bytes) { return .spec(spec) }
        switch try decode(bytes) {
        case .spec(let event, let forward):
            return .spec(AcceptedSpec(id: event.id, source: event.source, runid: event.runid ?? defaultRunId, forward: forward))
        case .runOpened(let event):
            return .runOpened(event)
        }
    }

    private func quickAccept(_ bytes: [UInt8]) throws(ScannerDeclined) -> AcceptedSpec {
        let event = try JSONSkimmer.skim(bytes, levels: 2, maxDepth: codec.maxDepth)
        guard event.hasString("specversion", equalTo: "1.0"), event.hasString("type", equalTo: EventType.specSubmitted.rawValue),
            let id = event.string("id"), !id.isEmpty, let source = event.string("source"), !source.isEmpty,
            let data = event.object("data")
        else { throw ScannerDeclined() }
        // Optional string attributes: absent or a string (a `null` runid is left to `decode`).
        for attribute in ["runid", "time", "datacontenttype", "dataschema"] {
            guard let value = event.value(attribute) else { continue }
            guard case .string = value else { throw ScannerDeclined() }
        }
        guard case .string = data.value("feature"), let origin = data.string("origin") else { throw ScannerDeclined() }
        switch SpecOrigin(rawValue: origin) {
        case .declared?:
            guard case .skippedObject? = data.value("declared") else { throw ScannerDeclined() }
        case .swiftSource?:
            guard case .array(let count)? = data.value("files"), count > 0 else { throw ScannerDeclined() }
        case nil:
            throw ScannerDeclined()
        }
        let run = inRun(bytes, runid: event.string("runid"))
        return AcceptedSpec(id: id, source: source, runid: run.runid, forward: run.forward)
    }

    /// A spec must carry what its origin says.
    public static func checkContent(of spec: SpecSubmitted) throws(RulebookError) {
        switch spec.origin {
        case .swiftSource:
            guard let files = spec.files, !files.isEmpty else {
                throw .emptySpec("origin 'swift-source' needs a non-empty 'files' array")
            }
        case .declared:
            guard spec.declared != nil else { throw .emptySpec("origin 'declared' needs 'declared'") }
        }
    }
}
