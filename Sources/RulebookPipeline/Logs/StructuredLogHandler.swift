import Foundation
import Logging
import RulebookCore
import RulebookWire

/// How log lines are written to stderr.
public enum LogFormat: String, CaseIterable, Sendable {
    /// Human-readable lines, laid out as swift-log's stream handler lays them out.
    case text
    /// `key=value` pairs (logfmt), one line per entry.
    case logfmt
    /// One JSON object per line (JSON Lines).
    case json
}

/// A swift-log handler that writes each entry as one line to stderr: `text` as swift-log's
/// stream handler lays it out (`time level logger : key=value … message`), logfmt or JSON
/// with `time`, `level`, `logger`, `msg`, then the entry's metadata (run and spec ids under
/// `run` and `spec`), flattened. Metadata never overwrites those four keys: a clashing key
/// is written as `meta_KEY`. Every format escapes control characters, so text from outside
/// (a spec id, a path, a JSON key) can neither fake a line nor drive a terminal.
public struct StructuredLogHandler: LogHandler {
    /// Keys every line starts with, in this order.
    static let reservedKeys = ["time", "level", "logger", "msg"]

    private let format: LogFormat
    private let label: String
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level

    /// A handler for the logger `label` writing `format` lines.
    public init(label: String, format: LogFormat, level: Logger.Level, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.format = format
        self.logLevel = level
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let own = event.metadata { merged.merge(own) { _, new in new } }
        let text = Self.line(
            format: format, time: Timestamp.string(from: Date()), level: event.level, logger: label,
            message: event.message.description, metadata: merged)
        StandardStreams.error(text + "\n")
    }

    /// One log line without its newline; metadata keys are sorted.
    public static func line(
        format: LogFormat, time: String, level: Logger.Level, logger: String, message: String,
        metadata: Logger.Metadata
    ) -> String {
        if format == .text {
            let pairs = metadata.keys.sorted().map { " \(TerminalText.escaped($0))=\(TerminalText.escaped(metadata[$0]!.description))" }
            return "\(time) \(level) \(TerminalText.escaped(logger)) :\(pairs.joined()) \(TerminalText.escaped(message))"
        }
        var fields: [(String, Logger.Metadata.Value)] = [
            ("time", .string(time)), ("level", .string(level.rawValue)), ("logger", .string(logger)),
            ("msg", .string(message)),
        ]
        for key in metadata.keys.sorted() {
            fields.append((reservedKeys.contains(key) ? "meta_" + key : key, metadata[key]!))
        }
        switch format {
        case .json:
            return "{" + fields.map { "\(jsonString($0.0)):\(json($0.1))" }.joined(separator: ",") + "}"
        case .logfmt, .text:
            return fields.map { "\($0.0)=\(logfmtValue($0.1.description))" }.joined(separator: " ")
        }
    }

    private static func json(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text): jsonString(text)
        case .stringConvertible(let convertible): jsonString(convertible.description)
        case .array(let values): "[" + values.map(json).joined(separator: ",") + "]"
        case .dictionary(let dictionary):
            "{" + dictionary.keys.sorted().map { "\(jsonString($0)):\(json(dictionary[$0]!))" }.joined(separator: ",") + "}"
        }
    }

    private static func jsonString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Encoding a String cannot fail.
        return String(decoding: (try? encoder.encode(text)) ?? Data(#""""#.utf8), as: UTF8.self)
    }

    /// A logfmt value: bare when it is a plain word, else quoted with `\`, `"` and control
    /// characters escaped.
    private static func logfmtValue(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x20 && scalar != "=" && scalar != "\"" && scalar != "\\" && scalar.value != 0x7F
        }
        if plain { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    quoted += String(format: "\\u%04x", scalar.value)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}
