import RulebookCore

/// ``EventCodec``'s codec for the events that flow once per spec (`spec.submitted`,
/// `spec.validated`, `spec.persisted`), its fast path: one strict pass over the text
/// that decodes straight into the typed values, and hand-written encoding, instead of
/// `JSONSerialization`, `JSONDecoder` and `JSONEncoder`. It produces exactly what the
/// Foundation path produces and declines (returns `nil`) for every other event and for
/// anything unusual — errors included — so the Foundation path keeps deciding, and naming,
/// every failure.
enum PerSpecEventCodec {
    /// The frame as ``EventCodec/inspect(_:expecting:)`` reads a valid per-spec event, or
    /// `nil`. `expected` is the type the caller's socket usually carries: a `data` member
    /// that comes before `type` is decoded as that type straight away instead of being
    /// passed over and read a second time (when the guess is wrong, it is read again as
    /// the event's real type, so the result is the same).
    static func inspect(_ bytes: [UInt8], maxDepth: Int, expecting expected: EventType? = nil) -> InspectedFrame? {
        try? JSONScanner.document(bytes, maxDepth: maxDepth) { scanner throws(ScannerDeclined) in
            try frame(&scanner, expecting: expected)
        }
    }

    /// The CloudEvents attributes, in any order.
    private enum Attribute: String, JSONFields {
        case data, datacontenttype, dataschema, id, runid, source, specversion, time, type
        static let table = JSONFieldTable<Self>()
    }

    /// The attributes as `JSONDecoder` reads them.
    private struct Attributes {
        var specversion: String?
        var id: String?
        var source: String?
        var type: EventType?
        var runid: String?
        var time: String?
        var datacontenttype: String?
        var dataschema: String?
    }

    /// Attribute values every event repeats, read as these Strings instead of new ones.
    private static let typeNames = EventType.allCases.map(\.rawValue)
    private static let contentTypes = ["application/json"]
    private static let dataSchemas = EventType.allCases.map(\.dataSchema)

    /// The `data` of a per-spec event.
    private enum Payload {
        case submitted(SpecSubmitted)
        case validated(SpecValidated)
        case persisted(SpecPersisted)
    }

    /// The top-level object at `index`. `data` usually comes first (our encoder sorts it
    /// there), before `type` says how to read it: it is then decoded as the `expected` type
    /// if it reads as one, else passed over by its brackets, and decoded, strictly, as the
    /// real type once the other attributes are read unless the guess was right.
    private static func frame(_ scanner: inout JSONScanner, expecting expected: EventType?) throws(ScannerDeclined) -> InspectedFrame {
        var attributes = Attributes()
        var payload: Payload?
        var pending: (start: Int, end: Int, depth: Int)?
        var guess: (type: EventType, payload: Payload)?
        try scanner.object(Attribute.self, unknown: .ignored) { scanner, attribute throws(ScannerDeclined) in
            switch attribute {
            case .specversion: attributes.specversion = try scanner.string()
            case .id: attributes.id = try scanner.string()
            case .source: attributes.source = try scanner.string()
            case .type:
                if let position = try scanner.knownString(among: Self.typeNames) {
                    attributes.type = EventType.allCases[position]
                } else {
                    guard let type = EventType(rawValue: try scanner.string()) else { throw ScannerDeclined() }
                    attributes.type = type
                }
            // A `null` runid is an error there (``EventCodec/header(of:)``): left to it.
            case .runid: attributes.runid = try scanner.string()
            case .time: attributes.time = try scanner.optionalString()
            case .datacontenttype:
                attributes.datacontenttype = try scanner.optional { scanner throws(ScannerDeclined) in try scanner.string(reusing: Self.contentTypes) }
            case .dataschema:
                attributes.dataschema = try scanner.optional { scanner throws(ScannerDeclined) in try scanner.string(reusing: Self.dataSchemas) }
            case .data:
                if let type = attributes.type {
                    payload = try data(of: type, &scanner)
                } else {
                    let depth = scanner.depth
                    scanner.skipWhitespace()
                    let start = scanner.index
                    var ahead = scanner
                    if let expected, let guessed = try? data(of: expected, &ahead) {
                        guess = (expected, guessed)
                        scanner = ahead
                    } else {
                        _ = try scanner.skipObjectUnchecked()
                    }
                    pending = (start, scanner.index, depth)
                }
            }
        }
        guard attributes.specversion == "1.0", let id = attributes.id, !id.isEmpty, let source = attributes.source, !source.isEmpty,
            let type = attributes.type
        else { throw ScannerDeclined() }
        if let guess, guess.type == type {
            payload = guess.payload
        } else if let pending {
            let end = scanner.index
            scanner.index = pending.start
            scanner.depth = pending.depth
            payload = try data(of: type, &scanner)
            guard scanner.index == pending.end else { throw ScannerDeclined() }
            scanner.index = end
        }
        guard let payload else { throw ScannerDeclined() }
        let header = EventHeader(id: id, source: source, type: type, runid: attributes.runid)
        func envelope<P: EventPayload>(_ data: P) -> CloudEvent<P> {
            CloudEvent(
                id: id, source: source, type: type.rawValue, time: attributes.time, datacontenttype: attributes.datacontenttype,
                dataschema: attributes.dataschema, runid: attributes.runid, data: data)
        }
        let event: IncomingEvent
        switch payload {
        case .submitted(let spec): event = .specSubmitted(envelope(spec))
        case .validated(let result): event = .specValidated(envelope(result))
        case .persisted(let ack): event = .specPersisted(envelope(ack))
        }
        let identity = EventIdentity(id: id, source: source, runid: attributes.runid)
        return InspectedFrame(identity: identity, header: header, event: .success(event))
    }

    /// The `data` object after whitespace, read as `type`'s payload.
    private static func data(of type: EventType, _ scanner: inout JSONScanner) throws(ScannerDeclined) -> Payload {
        switch type {
        case .specSubmitted: .submitted(try PerSpecPayloadReader.specSubmitted(&scanner))
        case .specValidated: .validated(try PerSpecPayloadReader.specValidated(&scanner))
        case .specPersisted: .persisted(try PerSpecPayloadReader.specPersisted(&scanner))
        case .specRejected, .runOpened, .runCompleted, .workerHeartbeat: throw ScannerDeclined()
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
