import Foundation
import Logging

/// Bootstraps swift-log to stderr at a level and in a format (the command line resolves
/// them from flags and `RULEBOOK_LOG_LEVEL` / `RULEBOOK_LOG_FORMAT`).
public enum LogSetup {
    /// Configures logging once per process; unknown names fall back to `info` and `text`.
    public static func bootstrap(level: String, format: String) {
        let logLevel = Logger.Level(rawValue: level.lowercased()) ?? .info
        let logFormat = LogFormat(rawValue: format.lowercased()) ?? .text
        LoggingSystem.bootstrap { label in
            StructuredLogHandler(label: label, format: logFormat, level: logLevel)
        }
    }

    /// The accepted level names, for help texts.
    public static let levels = Logger.Level.allCases.map(\.rawValue)

    /// The accepted format names, for help texts.
    public static let formats = LogFormat.allCases.map(\.rawValue)
}
