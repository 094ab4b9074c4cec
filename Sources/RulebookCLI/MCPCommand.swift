import ArgumentParser
import Foundation
import Logging
import RulebookCore
import RulebookMCP
import RulebookPipeline

/// `rulebook mcp`: the rulebook as an MCP server on stdio, for coding agents.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the rulebook to coding agents over the Model Context Protocol (stdio).",
        discussion: """
            Reads JSON-RPC from stdin and answers on stdout until stdin closes (logs go to stderr). By default it \
            starts a private persister and validators once and keeps them while it runs; with --intake and --events \
            it uses a serving pipeline instead. Tools: check_declared_spec, check_swift_source, check_paths, \
            list_rules, explain_rule, describe_swift_feature; resources: rulebook://rules/{id}. See docs/mcp.md.
            """)

    @Option(help: "Configuration file (default: the nearest .rulebook.yml in the current folder or above it, up to the repository root; its paths are relative to its folder).")
    var config: String?

    @Option(help: "Validator processes of the private pipeline.")
    var workers: Int = min(ProcessInfo.processInfo.activeProcessorCount, 4)

    @Option(help: "Intake endpoint of a serving pipeline to use instead of a private one (with --events).")
    var intake: String?

    @Option(help: "Events endpoint of that serving pipeline's persister (with --intake).")
    var events: String?

    @Option(help: "Seconds one tool call, and starting or reaching the pipeline, may take.")
    var timeout: Double = 60

    @OptionGroup var curve: CurveClientOptions

    @OptionGroup var cache: CacheOptions

    @OptionGroup var log: LogOptions

    func validate() throws {
        guard (1...64).contains(workers) else { throw ValidationError("--workers must be between 1 and 64") }
        guard timeout > 0, timeout <= 604_800 else { throw ValidationError("--timeout must be between 0 and 604800 seconds") }
        guard (intake == nil) == (events == nil) else { throw ValidationError("--intake and --events go together") }
    }

    func run() throws {
        let level = log.level(default: "warning")
        LogSetup.bootstrap(level: level, format: log.format)
        StopSignal.install()
        let pipeline: SessionPipeline
        if let intake, let events {
            var endpoints = environmentEndpoints
            endpoints.intake = intake
            endpoints.events = events
            pipeline = .serving(endpoints, try curve.socketSecurity())
        } else {
            pipeline = .private(validators: workers, logLevel: level, logFormat: log.format)
        }
        let folder = FileManager.default.currentDirectoryPath
        let timeout = Duration.milliseconds(Int(timeout * 1_000))
        // The configuration is read at each call (a broken one fails the calls, not the server).
        try RulebookMCPServer.serve(
            MCPServerOptions(
                pipeline: pipeline, configurationPath: config,
                root: URL(fileURLWithPath: folder).resolvingSymlinksInPath().path, startTimeout: timeout, callTimeout: timeout,
                cache: cache.open(logger: Logger(label: "rulebook.mcp"))))
    }
}
