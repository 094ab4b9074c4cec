import ArgumentParser
import Foundation
import RulebookCore
import RulebookPipeline

/// `rulebook`: the user's command.
public struct RulebookCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "rulebook",
        abstract: "Check TCA features against the architecture rulebook.",
        version: RuleRegistry.version,
        subcommands: [
            CheckCommand.self, ReportCommand.self, RulesCommand.self, DescribeCommand.self, KeygenCommand.self,
            PushCommand.self, StatusCommand.self, MCPCommand.self, LSPCommand.self,
        ])

    public init() {}
}

/// `rulebook check PATHS…`: the one-command local pipeline.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check Swift sources and declared specs; exit 1 on error-severity findings.",
        discussion: """
            Starts a persister and N validators as child processes on private ipc endpoints, \
            sends one spec per feature and prints the findings (--format, or several formats \
            at once with --report FORMAT=PATH). A spec whose files, project context, \
            configuration and Rulebook build are unchanged since an earlier check is answered \
            from the result cache (--cache-path, --no-cache). With --baseline only findings the baseline does \
            not hold are reported and counted. Exit codes: 0 clean, 1 error-severity findings \
            (warnings too with --strict) or a rejected spec, 2 usage or configuration error, 3 \
            pipeline failure. On a terminal, stderr shows a progress bar (files done, rate, ETA).
            """)

    @Argument(help: "Files or folders to check (default: the configuration's `included`, else the current folder); '-' reads one file from stdin.")
    var paths: [String] = []

    @Option(help: "With '-': the path the file on stdin is checked and reported as (its suffix picks Swift or a declared spec; the configuration's exclusions apply to it).")
    var assumeFilename: String?

    @Option(help: "Configuration file (default: the nearest .rulebook.yml in the current folder or above it, up to the repository root; its paths are relative to its folder).")
    var config: String?

    @OptionGroup var reports: ReportOutputOptions

    @Option(help: "Report only findings this baseline file does not hold (exit code counts those only).")
    var baseline: String?

    @Option(help: "Write every current finding to this baseline file.")
    var writeBaseline: String?

    @Option(help: "Number of validator processes (default: number of cores).")
    var workers: Int = min(ProcessInfo.processInfo.activeProcessorCount, 64)

    @Option(help: "Keep results in this SQLite file or postgresql:// database (RULEBOOK_DB; default: a temporary file).")
    var db: String?

    @Option(help: "Seconds the whole run may take before it fails with exit code 3.")
    var timeout: Double = 300

    @OptionGroup var cache: CacheOptions

    @Option(help: "Report only findings of this severity or higher: note (everything, the default), warning, error.")
    var minSeverity: Severity = .note

    @Flag(name: .shortAndLong, help: "Print no summary line or progress on stderr; errors still appear.")
    var quiet = false

    /// A build system cancels its other commands with SIGINT once one fails: the build-tool
    /// plugin's check finishes (it takes moments) and reports its target's findings instead of
    /// an interruption, as the Swift driver ignores the build system's SIGINT. SIGTERM and
    /// SIGHUP still stop it.
    @Flag(help: ArgumentHelp("Finish the check on SIGINT (used by the build-tool plugin).", visibility: .hidden))
    var finishOnInterrupt = false

    @Flag(help: "Count warnings as failures too.")
    var strict = false

    @Flag(help: "Apply every fix of the reported findings (never a suggestion), then check again and report what remains.")
    var fix = false

    @Flag(help: "With --fix: print the changes as a unified diff and write nothing.")
    var dryRun = false

    @OptionGroup var log: LogOptions

    func validate() throws {
        guard (1...64).contains(workers) else { throw ValidationError("--workers must be between 1 and 64") }
        guard timeout > 0, timeout <= 604_800 else { throw ValidationError("--timeout must be between 0 and 604800 seconds") }
        if paths.contains("-") {
            guard paths == ["-"] else { throw ValidationError("'-' (stdin) is checked alone; name no other path") }
        } else if assumeFilename != nil {
            throw ValidationError("--assume-filename names the file read from stdin; pass '-' as the path")
        }
        if fix, paths == ["-"] { throw ValidationError("--fix rewrites files; it cannot fix '-' (stdin)") }
        if dryRun, !fix { throw ValidationError("--dry-run goes with --fix") }
        if fix, writeBaseline != nil { throw ValidationError("--write-baseline records findings; run it without --fix") }
    }

    /// What `-` reads: one file, bounded by the larger of the two per-file limits (the
    /// scanner refuses what is over the limit for its kind).
    private func standardInput() -> (data: Data, path: String)? {
        guard paths == ["-"] else { return nil }
        let limit = max(SpecScanner.maximumSourceBytes, SpecScanner.maximumDeclaredBytes)
        let data = (try? FileHandle.standardInput.read(upToCount: limit + 1)) ?? nil
        return (data ?? Data(), assumeFilename ?? "stdin.swift")
    }

    func run() throws {
        let level = log.level(default: "warning")
        LogSetup.bootstrap(level: level, format: log.format)
        StopSignal.install(stoppingOn: finishOnInterrupt ? [SIGTERM, SIGHUP] : StopSignal.stopSignals)
        let configuration = try ConfigurationLoader.load(path: config)
        let included = ConfigurationLoader.includedPaths(of: configuration, from: FileManager.default.currentDirectoryPath)
        let checked = paths.isEmpty ? (included.isEmpty ? ["."] : included) : paths
        var options = CheckOptions(
            paths: checked, validators: workers, databasePath: db ?? ProcessInfo.processInfo.environment["RULEBOOK_DB"],
            timeout: .milliseconds(Int(timeout * 1_000)), childLogLevel: level, configuration: configuration)
        options.childLogFormat = log.format
        options.contents = standardInput()
        options.showsProgress = ProgressBar.stderrIsTerminal && !quiet
        options.cacheFolder = cache.folder
        options.cacheMaximumBytes = cache.maximumBytes
        let accepted = try baseline.map(Baseline.load(path:))
        let minSeverity = minSeverity
        let reported: @Sendable (ReportDocument) -> (document: ReportDocument, baselined: Int) = { checked in
            var document = checked
            var baselined = 0
            if let accepted { (document.report, baselined) = accepted.apply(to: document.report) }
            if minSeverity > .note {
                document.report = document.report.keeping(findings: document.report.findings.filter { $0.severity >= minSeverity })
            }
            return (document, baselined)
        }
        var document: ReportDocument
        var baselined = 0
        if fix {
            let outcome = try FixRun(options: options, dryRun: dryRun) { reported($0).document.report.findings }.execute()
            if dryRun { try StandardStreams.output(outcome.diff) }
            if !quiet { StandardStreams.error(FixSummary(outcome, dryRun: dryRun).text) }
            (document, baselined) = reported(outcome.document)
        } else {
            let checked = try CheckRun(options: options).execute()
            if let writeBaseline { try Baseline(accepting: checked.report).write(to: writeBaseline) }
            (document, baselined) = reported(checked)
        }
        document.strict = strict
        if !dryRun { try reports.write { format, color in ReportRenderer.render(document, as: format, color: color) } }
        if document.report.summary.specs == 0, options.contents == nil, !quiet {
            // As SwiftLint's "No lintable files found": a wrong path or an exclusion that
            // covers everything should not pass unnoticed.
            let named = checked.map(TerminalText.escaped).joined(separator: ", ")
            StandardStreams.error("warning: no Swift files or declared specs (*.rulebook.json) to check in \(named)\n")
        }
        if !quiet { StandardStreams.error(ReportRenderer.summaryLine(document.report, baselined: baselined) + "\n") }
        throw ExitCode(document.report.exitCode(strict: strict))
    }
}

/// `rulebook rules`: the rule catalogue.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rules", abstract: "List the rules.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, markdown, configSchema = "config-schema" }

    @Option(help: "Output format: text, json, markdown, or config-schema (the JSON Schema of .rulebook.yml, schemas/config.schema.json).")
    var format: Format = .text

    @Option(help: "Configuration file whose effect the text format shows (default: the nearest .rulebook.yml, as check finds it).")
    var config: String?

    func run() throws {
        let catalogue = RuleCatalogue.entries
        switch format {
        case .text:
            // What a check here would run: each rule's severity as configured, and the rules it leaves off.
            let rules = try ConfigurationLoader.load(path: config).rules
            let enabled = Set(rules.enabledRules().map { type(of: $0).description.id })
            try StandardStreams.output(catalogue.map { entry in
                let severity = rules.severities[entry.id].map { "\($0.rawValue), configured" } ?? entry.severity.rawValue
                let state = enabled.contains(entry.id) ? "" : entry.optIn ? " [off, opt-in]" : " [off]"
                return "\(entry.id) (\(severity))\(state): \(entry.summary)\n"
            }.joined())
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try StandardStreams.output(String(decoding: try encoder.encode(catalogue), as: UTF8.self) + "\n")
        case .markdown:
            try StandardStreams.output(RuleCatalogue.markdown + "\n")
        case .configSchema:
            try StandardStreams.output(ConfigurationSchema.text + "\n")
        }
    }
}
