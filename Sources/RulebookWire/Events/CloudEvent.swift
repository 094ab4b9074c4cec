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

    /// A new event, by default with a fresh id and the current time: the wire format is where
    /// events get them (the domain reads no clock and no random generator). Pass both for an
    /// event that does not depend on when and where it was made.
    public init(
        source: String, runId: String?, data: Payload, id: String = EventID.random(),
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

/// Ids of new events.
public enum EventID {
    /// A random (version 4) UUID in lowercase, `UUID().uuidString.lowercased()` without
    /// Foundation's per-call cost (every event needs one).
    public static func random() -> String {
        let pool = RandomPool.shared
        let high = pool.next() & ~0xF000 | 0x4000  // version 4
        let low = pool.next() & ~(0xC000 << 48) | (0x8000 << 48)  // RFC 4122 variant
        return String(unsafeUninitializedCapacity: 36) { buffer in
            var end = 0
            for index in 0..<2 {
                let word = index == 0 ? high : low
                for nibble in 0..<16 {
                    let position = index * 16 + nibble
                    if position == 8 || position == 12 || position == 16 || position == 20 {
                        buffer[end] = UInt8(ascii: "-")
                        end += 1
                    }
                    let value = UInt8(truncatingIfNeeded: word >> (60 - 4 * UInt64(nibble)) & 0xF)
                    buffer[end] = value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
                    end += 1
                }
            }
            return end
        }
    }
}

/// RFC 3339 timestamps with millisecond precision in UTC.
public enum Timestamp {
    /// `2026-11-21T20:57:36.123Z` (milliseconds truncated). Written by hand: every event
    /// carries one, and a date format style costs more than the rest of a small event.
    /// A year outside 0000–9999, which RFC 3339 cannot write, is written with all its digits
    /// (and its sign).
    public static func string(from date: Date) -> String {
        let exact = date.timeIntervalSince1970 * 1_000
        // A whole millisecond a binary fraction cannot hold (…233.9999) is that millisecond.
        let millis = Int(abs(exact - exact.rounded()) < 1e-3 ? exact.rounded() : exact.rounded(.down))
        let (seconds, fraction) = millis.quotientAndRemainder(dividingBy: 1_000)
        let (days, secondOfDay) = (fraction < 0 ? seconds - 1 : seconds).quotientAndRemainder(dividingBy: 86_400)
        let (civilDays, second) = secondOfDay < 0 ? (days - 1, secondOfDay + 86_400) : (days, secondOfDay)
        let (year, month, day) = civil(fromDays: civilDays)
        // Written into one buffer: string concatenation cost several thousand instructions.
        return String(unsafeUninitializedCapacity: 32) { buffer in
            var end = 0
            func put(_ byte: UInt8) {
                buffer[end] = byte
                end += 1
            }
            /// `value` in decimal, zero-padded to `width` digits.
            func put(_ value: Int, width: Int) {
                if value < 0 { put(UInt8(ascii: "-")) }
                var digits = 1
                var rest = value.magnitude / 10
                while rest > 0 {
                    digits += 1
                    rest /= 10
                }
                for _ in digits..<max(width, digits) { put(UInt8(ascii: "0")) }
                rest = value.magnitude
                for index in stride(from: end + digits - 1, through: end, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                end += digits
            }
            put(year, width: 4)
            put(UInt8(ascii: "-"))
            put(month, width: 2)
            put(UInt8(ascii: "-"))
            put(day, width: 2)
            put(UInt8(ascii: "T"))
            put(second / 3_600, width: 2)
            put(UInt8(ascii: ":"))
            put(second / 60 % 60, width: 2)
            put(UInt8(ascii: ":"))
            put(second % 60, width: 2)
            put(UInt8(ascii: "."))
            put((fraction + 1_000) % 1_000, width: 3)
            put(UInt8(ascii: "Z"))
            return end
        }
    }

    /// Year, month and day of a day count since 1970-01-01 in the proleptic Gregorian
    /// calendar (Howard Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
