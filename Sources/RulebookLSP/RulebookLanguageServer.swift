import Dispatch
import Foundation
import Synchronization
import Logging
import RulebookCore
import RulebookPipeline

/// What `rulebook lsp` serves.
public struct LSPServerOptions: Sendable {
    /// The pipeline the checks run on.
    public var pipeline: SessionPipeline
    /// `--config`, or `nil` for the nearest `.rulebook.yml` of the workspace or above it.
    public var configurationPath: String?
    /// The folder used when the client names no workspace.
    public var folder: String
    /// How long starting (or reaching) the pipeline may take.
    public var startTimeout: Duration
    /// How long one check may take.
    public var callTimeout: Duration
    /// How long a check waits before it reads the documents (changes arriving meanwhile are
    /// in it); changes during a check are checked when it ends.
    public var settleTime: Duration
    /// The result cache the checks answer from, as `rulebook check` does, if any.
    public var cache: ResultCache?
    /// `--rule-docs-url`: where diagnostics link their rules' pages; `nil` for pages the
    /// server writes itself (``RuleDocumentLinks/pages(in:)``).
    public var ruleDocsTemplate: RuleDocumentLinks?
    /// The links the server's diagnostics carry, once it serves.
    var ruleDocuments: RuleDocumentLinks = .none

    public init(
        pipeline: SessionPipeline, configurationPath: String?, folder: String, startTimeout: Duration, callTimeout: Duration,
        settleTime: Duration = .zero, cache: ResultCache? = nil, ruleDocsTemplate: RuleDocumentLinks? = nil
    ) {
        self.cache = cache
        self.ruleDocsTemplate = ruleDocsTemplate
        self.pipeline = pipeline
        self.configurationPath = configurationPath
        self.folder = folder
        self.startTimeout = startTimeout
        self.callTimeout = callTimeout
        self.settleTime = settleTime
    }
}

/// The rulebook as a Language Server Protocol server on stdin and stdout, for editors:
/// documents the editor opens are checked as it shows them (unsaved text included), in
/// their workspace as `rulebook check` would check it, and their findings published as
/// diagnostics. The checks run on a pipeline opened once for the server's lifetime, as
/// `rulebook mcp`'s do.
public enum RulebookLanguageServer {
    /// Opens the pipeline, then serves until `exit` or the end of stdin (or SIGINT/SIGTERM:
    /// install ``StopSignal`` first). Returns the exit code LSP asks for: 0 after `shutdown`,
    /// 1 otherwise.
    public static func serve(_ options: LSPServerOptions) throws(RulebookError) -> Int32 {
        let logger = Logger(label: "rulebook.lsp")
        let session: PipelineSession
        do throws(RulebookError) {
            session = try PipelineSession.open(options.pipeline, startTimeout: options.startTimeout, callTimeout: options.callTimeout)
        } catch .interrupted {
            return 1
        }
        defer { session.close() }
        var options = options
        let pages = FileManager.default.temporaryDirectory.appendingPathComponent("rulebook-lsp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: pages) }
        options.ruleDocuments = ruleDocuments(options, pages: pages, logger: logger)
        let channel = LSPChannel()
        channel.start()
        let server = LanguageServer(session: session, channel: channel, options: options, logger: logger)
        let finished = DispatchSemaphore(value: 0)
        let code = Mutex<Int32>(1)
        Task {
            defer { finished.signal() }
            for await message in channel.messages {
                guard await server.handle(message) else { break }
            }
            if let failure = channel.readFailure {
                logger.error("cannot read the client's messages", metadata: ["error": "\(failure)"])
            }
            await server.finishChecks()
            let shutDown = await server.hasShutDown
            code.withLock { $0 = shutDown ? 0 : 1 }
        }
        guard StopSignal.wait(for: finished) else {
            logger.info("stopping on a signal", metadata: ["signal": "\(StopSignal.received ?? 0)"])
            return 1
        }
        return code.withLock { $0 }
    }

    /// The template given, or pages written into `pages`; none, said in the log, when they
    /// cannot be written (the diagnostics still name their rules).
    private static func ruleDocuments(_ options: LSPServerOptions, pages: URL, logger: Logger) -> RuleDocumentLinks {
        if let template = options.ruleDocsTemplate { return template }
        do throws(RulebookError) {
            return try RuleDocumentLinks.pages(in: pages)
        } catch {
            logger.warning("diagnostics will not link their rules' pages", metadata: ["error": "\(error)"])
            return .none
        }
    }
}
