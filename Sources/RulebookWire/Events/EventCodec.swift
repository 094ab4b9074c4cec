import Foundation
import RulebookCore

/// The attributes of an incoming event that identify it, read before its data is decoded.
public struct EventHeader: Sendable, Hashable {
    public var id: String
    public var source: String
    public var type: EventType
    public var runid: String?
}

/// Whatever identifies a message, read leniently from any JSON object so a rejection can
/// name the event it rejects even when its attributes are wrong.
public struct EventIdentity: Sendable, Hashable {
    public var id: String?
    public var source: String?
    public var runid: String?

    public init(id: String? = nil, source: String? = nil, runid: String? = nil) {
        self.id = id
        self.source = source
        self.runid = runid
    }

    /// The string-valued `id`, `source` and `runid` of `object`.
    public init(of object: [String: Any]) {
        self.init(
            id: (object["id"] as? String).flatMap { $0.isEmpty ? nil : $0 },
            source: (object["source"] as? String).flatMap { $0.isEmpty ? nil : $0 },
            runid: object["runid"] as? String)
    }

    /// The identity and `type` of a frame the codec refused, read as leniently as it can
    /// be: bytes that are not UTF-8 are repaired and nesting beyond the codec's limit is
    /// parsed up to Foundation's own, so a refused spec can still be answered by name.
    /// `nil` when the frame holds no JSON object at all.
    public static func salvaged(from bytes: [UInt8]) -> (identity: EventIdentity, type: String?)? {
        let repaired = Data(String(decoding: bytes, as: UTF8.self).utf8)
        guard let object = (try? JSONSerialization.jsonObject(with: repaired)) as? [String: Any] else { return nil }
        return (EventIdentity(of: object), object["type"] as? String)
    }
}

/// A frame after decoding: its identity (when it was a JSON object), its checked header
/// (when the CloudEvents attributes were valid) and the typed event or the error.
public struct InspectedFrame: Sendable {
    public var identity: EventIdentity
    public var header: EventHeader?
    public var event: Result<IncomingEvent, RulebookError>
}

/// A decoded Rulebook event, one case per ``EventType``.
public enum IncomingEvent: Sendable {
    case specSubmitted(CloudEvent<SpecSubmitted>)
    case specValidated(CloudEvent<SpecValidated>)
    case specRejected(CloudEvent<SpecRejected>)
    case runOpened(CloudEvent<RunOpened>)
    case runCompleted(CloudEvent<RunCompleted>)
    case specPersisted(CloudEvent<SpecPersisted>)
    case workerHeartbeat(CloudEvent<WorkerHeartbeat>)
}

/// Encodes and decodes CloudEvents as single JSON frames, mapping every failure to the
/// ``RulebookError`` taxonomy. Decoding checks, in order: empty, UTF-8, nesting depth,
/// JSON, CloudEvents attributes, `specversion`, `type`, then the typed `data`.
public struct EventCodec: Sendable {
    /// Deepest JSON nesting accepted (objects and arrays).
    public var maxDepth: Int

    public init(maxDepth: Int = 64) {
        self.maxDepth = maxDepth
    }

    /// The event as UTF-8 JSON bytes.
    public func encode<P: EventPayload>(_ event: CloudEvent<P>) -> [UInt8] {
        if let bytes = PerSpecEventCodec.encode(event) { return bytes }
        // Encoding our own Codable values cannot fail: they hold only strings, numbers and arrays.
        return Array((try? FoundationMembers.encoder().encode(event)) ?? Data())
    }

    /// Decodes a frame into a typed event.
    public func decode(_ bytes: [UInt8]) throws(RulebookError) -> IncomingEvent {
        try inspect(bytes).event.get()
    }

    /// Decodes a frame, keeping the event's identifying attributes even when its data is
    /// bad, so a rejection can name the spec it rejects. `expected`, the type a socket
    /// usually carries, only makes reading it faster: any event is decoded as what it is.
    public func inspect(_ bytes: [UInt8], expecting expected: EventType? = nil) -> InspectedFrame {
        if let frame = PerSpecEventCodec.inspect(bytes, maxDepth: maxDepth, expecting: expected) { return frame }
        let header: EventHeader
        let object: [String: Any]
        do {
            object = try jsonObject(bytes)
        } catch {
            return InspectedFrame(identity: EventIdentity(), header: nil, event: .failure(error))
        }
        let identity = EventIdentity(of: object)
        do {
            header = try Self.header(of: object)
        } catch {
            return InspectedFrame(identity: identity, header: nil, event: .failure(error))
        }
        return InspectedFrame(identity: identity, header: header, event: event(bytes, object: object, header: header))
    }

    /// The typed event of a frame already parsed into `object`, whose `header` is checked.
    func event(_ bytes: [UInt8], object: [String: Any], header: EventHeader) -> Result<IncomingEvent, RulebookError> {
        let data = Data(bytes)
        do throws(RulebookError) {
            let event: IncomingEvent
            switch header.type {
            case .specSubmitted:
                let submitted: CloudEvent<SpecSubmitted> = try typed(data)
                if let declared = submitted.data.declared, let original = (object["data"] as? [String: Any])?["declared"] {
                    try DeclaredSpecDecoder.checkKeys(of: declared, against: original, at: "/data/declared")
                }
                event = .specSubmitted(submitted)
            case .specValidated: event = .specValidated(try typed(data))
            case .specRejected: event = .specRejected(try typed(data))
            case .runOpened: event = .runOpened(try typed(data))
            case .runCompleted: event = .runCompleted(try typed(data))
            case .specPersisted: event = .specPersisted(try typed(data))
            case .workerHeartbeat: event = .workerHeartbeat(try typed(data))
            }
            return .success(event)
        } catch {
            return .failure(error)
        }
    }

    /// Parses a frame into a JSON object after the byte-level checks.
    public func jsonObject(_ bytes: [UInt8]) throws(RulebookError) -> [String: Any] {
        guard !bytes.isEmpty else { throw .emptyMessage }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .invalidUTF8 }
        guard JSONDepth.fits(bytes, limit: maxDepth) else { throw .nestingTooDeep(limit: maxDepth) }
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw .invalidJSON(Self.describe(error))
        }
        guard let object = value as? [String: Any] else {
            throw .notACloudEvent("the top-level JSON value is not an object")
        }
        if let duplicate = JSONDuplicateKeys.first(in: bytes) {
            throw .invalidJSON(
                "key '\(duplicate.key)' appears twice in the object at \(duplicate.pointer); keys must be unique")
        }
        return object
    }

    /// Reads and checks the CloudEvents attributes of a parsed event.
    public static func header(of object: [String: Any]) throws(RulebookError) -> EventHeader {
        guard let version = object["specversion"] else {
            throw .notACloudEvent("attribute 'specversion' is missing")
        }
        guard let versionText = version as? String else {
            throw .notACloudEvent("attribute 'specversion' is not a string")
        }
        guard versionText == "1.0" else { throw .unsupportedSpecVersion(versionText) }
        for name in ["id", "source", "type"] {
            guard let value = object[name] else { throw .notACloudEvent("attribute '\(name)' is missing") }
            guard let text = value as? String, !text.isEmpty else {
                throw .notACloudEvent("attribute '\(name)' must be a non-empty string")
            }
        }
        let typeText = object["type"] as! String
        guard let type = EventType(rawValue: typeText) else { throw .unknownEventType(typeText) }
        if let runid = object["runid"], !(runid is String) {
            throw .notACloudEvent("extension attribute 'runid' must be a string")
        }
        return EventHeader(
            id: object["id"] as! String, source: object["source"] as! String, type: type,
            runid: object["runid"] as? String)
    }

    private func typed<P: EventPayload>(_ data: Data) throws(RulebookError) -> CloudEvent<P> {
        do {
            return try JSONDecoder().decode(CloudEvent<P>.self, from: data)
        } catch {
            throw .invalidEventData(Self.describe(error))
        }
    }

    /// A one-line description of a decoding error with its coding path.
    public static func describe(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else {
            let nsError = error as NSError
            return nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
        }
        func path(_ context: DecodingError.Context) -> String {
            let components = context.codingPath.map { key in
                key.intValue.map(String.init) ?? key.stringValue
            }
            return components.isEmpty ? "/" : "/" + components.joined(separator: "/")
        }
        switch decodingError {
        case .keyNotFound(let key, let context):
            return "missing '\(key.stringValue)' at \(path(context))"
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context))"
        case .valueNotFound(let type, let context):
            return "expected \(type) at \(path(context)), found null"
        case .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context))"
        @unknown default:
            return String(describing: decodingError)
        }
    }
}
