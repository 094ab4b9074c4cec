import Foundation

/// Data carried by a Rulebook event; each payload knows its event type.
public protocol EventPayload: Codable, Sendable {
    /// The CloudEvents `type` of events carrying this payload.
    static var eventType: EventType { get }
}

/// A CloudEvents 1.0 event in structured JSON mode, with Rulebook's `runid` extension.
public struct CloudEvent<Payload: EventPayload>: Codable, Sendable {
    /// Always `1.0`.
    public var specversion: String
    /// Unique within `source`; `source` + `id` is the dedupe key.
    public var id: String
    /// Who sent it (`rulebook://producer/HOST/PID`, or a foreign tool's URI).
    public var source: String
    /// One of ``EventType``.
    public var type: String
    /// RFC 3339 timestamp.
    public var time: String?
    /// Always `application/json`.
    public var datacontenttype: String?
    /// The JSON Schema of `data`.
    public var dataschema: String?
    /// The run this event belongs to (extension attribute).
    public var runid: String?
    /// The payload.
    public var data: Payload

    /// A new event with a fresh id and the current time.
    public init(
        source: String, runId: String?, data: Payload, id: String = UUID().uuidString.lowercased(),
        time: Date = Date()
    ) {
        self.specversion = "1.0"
        self.id = id
        self.source = source
        self.type = Payload.eventType.rawValue
        self.time = Timestamp.string(from: time)
        self.datacontenttype = "application/json"
        self.dataschema = Payload.eventType.dataSchema
        self.runid = runId
        self.data = data
    }
}

/// RFC 3339 timestamps with millisecond precision in UTC.
public enum Timestamp {
    /// `2026-11-21T20:57:36.123Z`.
    public static func string(from date: Date) -> String {
        date.formatted(
            Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
    }
}
