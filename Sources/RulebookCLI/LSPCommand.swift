import ArgumentParser
import Foundation
import Logging
import RulebookCore
import RulebookLSP
import RulebookPipeline

/// `rulebook lsp`: the rulebook as a language server on stdio, for editors.
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve the rulebook's findings to editors over the Language Server Protocol (stdio).",
        discussion: """
            Reads LSP messages from stdin and answers on stdout (logs go to stderr). Open documents are checked as the \
            editor shows them, unsaved text included, within their workspace (the client's workspace folder, else \
            the current folder) as `rulebook check` checks it, one check at a time, the latest text each \
            time; their findings are published as diagnostics (code: the rule id). A private persister and \
            validators are started once and kept while the server runs, as for `rulebook mcp`. See docs/editors.md.
            """)

    @Option(help: "Configuration file (default: the nearest .rulebook.yml in the workspace or above it, up to the repository root; read again when it changes).")
    var config: String?

    @Option(help: "Validator processes of the private pipeline.")
    var workers: Int = min(ProcessInfo.processInfo.activeProcessorCount, 4)

    @Option(help: "Seconds one check, and starting the pipeline, may take.")
    var timeout: Double = 60

    @Option(help: "Milliseconds a check waits before it reads the documents (edits made meanwhile join it); edits during a check are checked when it ends.")
    var settle: Int = 0

    @Option(
        name: .customLong("rule-docs-url"),
        help: """
            Where diagnostics link their rules' pages: a URL in which {id} stands for the rule id. Default: pages the \
            server writes, one Markdown file per rule, in a temporary folder it removes at exit.
            """)
    var ruleDocsURL: String?

    @OptionGroup var cache: CacheOptions

    @OptionGroup var log: LogOptions

    func validate() throws {
        guard (1...64).contains(workers) else { throw ValidationError("--workers must be between 1 and 64") }
        guard timeout > 0, timeout <= 604_800 else { throw ValidationError("--timeout must be between 0 and 604800 seconds") }
        guard (0...60_000).contains(settle) else { throw ValidationError("--settle must be between 0 and 60000 milliseconds") }
        if let ruleDocsURL {
            do throws(RulebookError) { _ = try RuleDocumentLinks.template(ruleDocsURL) } catch { throw ValidationError(error.description) }
        }
    }

    func run() throws {
        let level = log.level(default: "warning")
        LogSetup.bootstrap(level: level, format: log.format)
        StopSignal.install()
        let timeout = Duration.milliseconds(Int(timeout * 1_000))
        let code = try RulebookLanguageServer.serve(
            LSPServerOptions(
                pipeline: .private(validators: workers, logLevel: level, logFormat: log.format), configurationPath: config,
                folder: URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path,
                startTimeout: timeout, callTimeout: timeout, settleTime: .milliseconds(settle),
                cache: cache.open(logger: Logger(label: "rulebook.lsp")),
                ruleDocsTemplate: try ruleDocsURL.map { url throws(RulebookError) in try RuleDocumentLinks.template(url) }))
        if code != 0 { throw ExitCode(code) }
    }
}
