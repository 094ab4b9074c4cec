import ArgumentParser
import Foundation
import RulebookPipeline

/// `--log-level` and `--log-format` of every command that logs (to stderr).
struct LogOptions: ParsableArguments {
    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical (default: RULEBOOK_LOG_LEVEL, else the command's default).")
    var logLevel: String?

    @Option(help: "Log format: text, logfmt or json (JSON lines) (default: RULEBOOK_LOG_FORMAT or text).")
    var logFormat: String?

    func validate() throws {
        if let logLevel, !LogSetup.levels.contains(logLevel.lowercased()) {
            throw ValidationError("--log-level must be one of \(LogSetup.levels.joined(separator: ", "))")
        }
        if let logFormat, !LogSetup.formats.contains(logFormat.lowercased()) {
            throw ValidationError("--log-format must be one of \(LogSetup.formats.joined(separator: ", "))")
        }
    }

    /// The level in force: the flag, else `RULEBOOK_LOG_LEVEL`, else `defaultLevel`.
    func level(default defaultLevel: String) -> String {
        logLevel ?? ProcessInfo.processInfo.environment["RULEBOOK_LOG_LEVEL"] ?? defaultLevel
    }

    /// The format in force: the flag, else `RULEBOOK_LOG_FORMAT`, else text.
    var format: String {
        logFormat ?? ProcessInfo.processInfo.environment["RULEBOOK_LOG_FORMAT"] ?? LogFormat.text.rawValue
    }

    /// Bootstraps logging for this process.
    func bootstrap(defaultLevel: String) {
        LogSetup.bootstrap(level: level(default: defaultLevel), format: format)
    }
}
