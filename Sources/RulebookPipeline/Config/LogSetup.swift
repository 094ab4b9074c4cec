import Foundation
import Logging

/// Bootstraps swift-log to stderr at a level from a flag or `RULEBOOK_LOG_LEVEL`.
public enum LogSetup {
    /// Configures logging once per process; `level` wins over the environment.
    public static func bootstrap(level: String?) {
        let text = level ?? ProcessInfo.processInfo.environment["RULEBOOK_LOG_LEVEL"] ?? "info"
        let logLevel = Logger.Level(rawValue: text.lowercased()) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = logLevel
            return handler
        }
    }

    /// The accepted level names, for help texts.
    public static let levels = Logger.Level.allCases.map(\.rawValue)
}
