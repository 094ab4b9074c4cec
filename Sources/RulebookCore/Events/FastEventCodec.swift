/// The fast path of ``EventCodec`` for the events that flow once per spec
/// (`spec.submitted`, `spec.validated`, `spec.persisted`): one strict parse with
/// hand-written decoding, and hand-written encoding, instead of `JSONSerialization`,
/// `JSONDecoder` and `JSONEncoder`. It produces exactly what the Foundation path produces
/// and declines (returns `nil`) for every other event and for anything unusual — errors
/// included — so the Foundation path keeps deciding, and naming, every failure.
enum FastEventCodec {
    /// The frame as ``EventCodec/inspect(_:)`` reads a valid per-spec event, or `nil`.
    static func inspect(_ bytes: [UInt8], maxDepth: Int) -> InspectedFrame? {
        guard let members = try? FastJSONParser.object(bytes, maxDepth: maxDepth),
            let (header, attributes) = try? header(JSONObjectReader(members: members)),
            let event = try? event(header: header, attributes: attributes, reader: JSONObjectReader(members: members))
        else { return nil }
        let identity = EventIdentity(id: header.id, source: header.source, runid: header.runid)
        return InspectedFrame(identity: identity, header: header, event: .success(event))
    }

    /// The optional string attributes of an event.
    private struct Attributes {
        var time: String?
        var datacontenttype: String?
        var dataschema: String?
    }

    /// The attributes as ``EventCodec/header(of:)`` checks them and `JSONDecoder` reads them.
    private static func header(_ reader: JSONObjectReader) throws(FastPathUnavailable) -> (EventHeader, Attributes) {
        guard case .string("1.0")? = reader.member("specversion") else { throw FastPathUnavailable() }
        let id = try reader.string("id")
        let source = try reader.string("source")
        guard !id.isEmpty, !source.isEmpty, let type = EventType(rawValue: try reader.string("type")) else {
            throw FastPathUnavailable()
        }
        var runid: String?
        if let value = reader.member("runid") { runid = try JSONObjectReader.string(value) }
        let attributes = Attributes(
            time: try reader.optionalString("time"), datacontenttype: try reader.optionalString("datacontenttype"),
            dataschema: try reader.optionalString("dataschema"))
        return (EventHeader(id: id, source: source, type: type, runid: runid), attributes)
    }

    private static func event(
        header: EventHeader, attributes: Attributes, reader: JSONObjectReader
    ) throws(FastPathUnavailable) -> IncomingEvent {
        let data = try reader.required("data")
        func envelope<P: EventPayload>(_ payload: P) -> CloudEvent<P> {
            CloudEvent(
                id: header.id, source: header.source, type: header.type.rawValue, time: attributes.time,
                datacontenttype: attributes.datacontenttype, dataschema: attributes.dataschema, runid: header.runid,
                data: payload)
        }
        switch header.type {
        case .specSubmitted: return .specSubmitted(envelope(try FastPayloadDecoding.specSubmitted(data)))
        case .specValidated: return .specValidated(envelope(try FastPayloadDecoding.specValidated(data)))
        case .specPersisted: return .specPersisted(envelope(try FastPayloadDecoding.specPersisted(data)))
        case .specRejected, .runOpened, .runCompleted, .workerHeartbeat: throw FastPathUnavailable()
        }
    }

    /// The event encoded as ``EventCodec/encode(_:)`` encodes it, or `nil` for payloads
    /// left to `JSONEncoder`.
    static func encode<P: EventPayload>(_ event: CloudEvent<P>) -> [UInt8]? {
        var writer = JSONWriter()
        var written = true
        writer.object { w in
            w.key("data")
            switch event.data {
            case let spec as SpecSubmitted: written = w.write(spec)
            case let result as SpecValidated: w.write(result)
            case let ack as SpecPersisted: w.write(ack)
            default: written = false
            }
            guard written else { return }
            w.member("datacontenttype", event.datacontenttype)
            w.member("dataschema", event.dataschema)
            w.member("id", event.id)
            w.member("runid", event.runid)
            w.member("source", event.source)
            w.member("specversion", event.specversion)
            w.member("time", event.time)
            w.member("type", event.type)
        }
        return written ? writer.bytes : nil
    }
}

extension CloudEvent {
    /// An event with every attribute as decoded.
    init(
        id: String, source: String, type: String, time: String?, datacontenttype: String?, dataschema: String?,
        runid: String?, data: Payload
    ) {
        self.specversion = "1.0"
        self.id = id
        self.source = source
        self.type = type
        self.time = time
        self.datacontenttype = datacontenttype
        self.dataschema = dataschema
        self.runid = runid
        self.data = data
    }
}
