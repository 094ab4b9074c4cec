import Dispatch
import Foundation
import Logging
import MCP
import RulebookCore
import RulebookPipeline

/// What `rulebook mcp` serves.
public struct MCPServerOptions: Sendable {
    /// The pipeline the checks run on.
    public var pipeline: SessionPipeline
    /// `--config`, or `nil` for the nearest `.rulebook.yml` of the working folder or above it.
    public var configurationPath: String?
    /// The working folder: paths are relative to it, and `check_paths` reads nothing outside it.
    public var root: String
    /// How long starting (or reaching) the pipeline may take.
    public var startTimeout: Duration
    /// How long one tool call may take.
    public var callTimeout: Duration
    /// The result cache `check_paths` answers from, as `rulebook check` does, if any.
    public var cache: ResultCache?

    public init(
        pipeline: SessionPipeline, configurationPath: String?, root: String, startTimeout: Duration, callTimeout: Duration,
        cache: ResultCache? = nil
    ) {
        self.pipeline = pipeline
        self.configurationPath = configurationPath
        self.root = root
        self.startTimeout = startTimeout
        self.callTimeout = callTimeout
        self.cache = cache
    }
}

/// The rulebook as a Model Context Protocol server on stdin and stdout (the SDK's `Server`
/// with ``LineTransport``): the tools of ``ToolCatalogue`` and the resources of
/// ``RuleResources``, over a pipeline opened once for the server's lifetime.
public enum RulebookMCPServer {
    static let instructions = """
        Rulebook checks features written with The Composable Architecture (TCA) against an architecture rulebook \
        (State, Action, Reducer, Environment, View and layering rules). Before writing a feature, describe it as a \
        declared spec and call check_declared_spec; after writing Swift, call check_swift_source with the files (or \
        check_paths for files on disk). Each finding's message says what to do instead. list_rules, explain_rule and \
        the resources rulebook://rules/{id} explain the rules.
        """

    /// Opens the pipeline, then serves until stdin closes (after answering every request
    /// read) or SIGINT/SIGTERM arrives (install ``StopSignal`` first); the pipeline is
    /// stopped before it returns.
    public static func serve(_ options: MCPServerOptions) throws(RulebookError) {
        let logger = Logger(label: "rulebook.mcp")
        let session: PipelineSession
        do throws(RulebookError) {
            session = try PipelineSession.open(options.pipeline, startTimeout: options.startTimeout, callTimeout: options.callTimeout)
        } catch .interrupted {
            // Stopped while starting: a stop like any other.
            return
        }
        defer { session.close() }
        let configuration = ConfigurationFile(path: options.configurationPath, folder: options.root)
        if case .failure(let error) = configuration.current() {
            logger.warning("the configuration cannot be used; calls that need it fail until it is fixed", metadata: ["error": "\(error)"])
        }
        let tools = RulebookTools(session: session, root: options.root, configuration: configuration, cache: options.cache, logger: logger)
        let transport = LineTransport(logger: logger)
        let finished = DispatchSemaphore(value: 0)
        Task {
            defer { finished.signal() }
            let server = Server(
                name: "rulebook", version: RuleRegistry.version, title: "Rulebook", instructions: instructions,
                capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
            await register(tools, stash: transport.stash, on: server)
            do {
                try await server.start(transport: transport)
            } catch {
                logger.error("cannot start the MCP server", metadata: ["reason": "\(error)"])
                return
            }
            await server.waitUntilCompleted()
            // The SDK drops requests still running when stdin closes: answer them first.
            await transport.waitUntilAnswered(within: options.callTimeout + .seconds(1))
            logger.debug("stdin closed; stopping")
        }
        guard StopSignal.wait(for: finished) else {
            logger.info("stopping on a signal", metadata: ["signal": "\(StopSignal.received ?? 0)"])
            return
        }
    }

    private static func register(_ tools: RulebookTools, stash: ArgumentStash, on server: Server) async {
        await server.withMethodHandler(Checked<ListTools>.self) { params in
            _ = try params.get()
            return ListTools.Result(tools: ToolCatalogue.tools)
        }
        await server.withMethodHandler(Checked<ToolCall>.self) { params in
            let call = try params.get()
            let (arguments, large) = stash.redeem(call.arguments)
            defer { if large { FreedMemory.returnToSystem() } }
            return try await tools.call(call.name, arguments)
        }
        await server.withMethodHandler(Checked<ListResources>.self) { params in
            _ = try params.get()
            return RuleResources.list
        }
        await server.withMethodHandler(Checked<ListResourceTemplates>.self) { params in
            _ = try params.get()
            return RuleResources.templates
        }
        await server.withMethodHandler(Checked<ReadResource>.self) { params in try RuleResources.read(params.get().uri) }
    }
}
