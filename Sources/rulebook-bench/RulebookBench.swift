import ArgumentParser
import Foundation
import RulebookPipeline

/// `rulebook-bench CORPUS`: every figure of issue 6 for one corpus, as a Markdown table
/// (or JSON). Every stage is bounded in time and every child process it starts is stopped.
@main
struct RulebookBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rulebook-bench",
        abstract: "Measure Rulebook on a corpus: parse floor, rule engine, rulebook check, throughput, latency, memory; print a Markdown table.",
        discussion: """
            Generate a corpus with bench/generate_corpus.py (its manifest.json lets the bench \
            check that the engine finds exactly the planted violations). Use release builds: \
            `swift build -c release && .build/release/rulebook-bench CORPUS`. See BENCHMARKS.md.
            """)

    @Argument(help: "Corpus folder (Swift files; manifest.json lists planted violations).")
    var corpus: String

    @Option(help: "Folder of the rulebook executables (default: this executable's folder).")
    var binDir: String?

    @Option(help: "Runs of each timed stage (parse, engine, check, swift-format); the median is reported.")
    var repeats = 3

    @Option(help: "Seconds of the throughput window (after a 1 s warm-up).")
    var throughputSeconds = 10.0

    @Option(help: "Offered rate of the latency stage, specs per second.")
    var latencyRate = 1_000

    @Option(help: "Seconds of the latency stage.")
    var latencySeconds = 10.0

    @Option(help: "Write each spec of the latency stage to this CSV file: its send time (ms from the stage's start) and its latency (ms), in send order.")
    var latencyLog: String?

    @Option(help: "Seconds of the memory soak at the latency stage's rate (each worker's RSS and the persister's WAL file sampled every second; 0: no soak).")
    var soakSeconds = 0

    @Flag(help: "Push each feature's whole `rulebook describe` output as its declared spec, not only its State and Action.")
    var fullDeclaredSpecs = false

    @Option(help: "The swift-format command.")
    var swiftFormat = "swift format"

    @Option(help: "Seconds any one stage may take.")
    var stageTimeout = 600.0

    @Option(help: "Also write every figure as JSON to this file (full runs only).")
    var json: String?

    @Option(help: "Declared specs pushed through the in-process worker steps.")
    var declaredStepsSpecs = 20_000

    @Flag(help: "Only the in-process stages (parse only, rule engine, declared spec steps, the event codec against Foundation's JSON coders): print their rows, skip the rest.")
    var inProcessOnly = false

    @Flag(help: "Only the service pipeline's stages (throughput, latency, memory, optional soak): print their rows, skip the rest.")
    var serviceOnly = false

    @Flag(help: "Only where people wait: one file, a cold whole tree and a warm unchanged tree, each next to swift-format; print their rows, skip the rest.")
    var waitOnly = false

    @Option(help: "The file of the one-file row (default: the corpus's largest Swift file).")
    var oneFile: String?

    @Option(help: "Timed calls of each tool in the `rulebook mcp` stage (after 20 untimed ones).")
    var mcpCalls = 200

    @Flag(help: "Only the `rulebook mcp` stage: print its rows, skip the rest.")
    var mcpOnly = false

    @Option(help: "The service pipeline's database: a postgresql:// URL (an empty database; password in PGPASSWORD) instead of a fresh SQLite file.")
    var db: String?

    func validate() throws {
        guard repeats >= 1 else { throw ValidationError("--repeats must be at least 1") }
        guard throughputSeconds > 0, latencySeconds > 0, stageTimeout > 0 else {
            throw ValidationError("--throughput-seconds, --latency-seconds and --stage-timeout must be positive")
        }
        guard [inProcessOnly, serviceOnly, waitOnly, mcpOnly].filter({ $0 }).count <= 1 else {
            throw ValidationError("--in-process-only, --service-only, --wait-only and --mcp-only exclude each other")
        }
        guard json == nil || !(inProcessOnly || serviceOnly || waitOnly || mcpOnly) else {
            throw ValidationError("--json writes the figures of a full run; it cannot be combined with --in-process-only, --service-only, --wait-only or --mcp-only")
        }
        guard mcpCalls > 0 else { throw ValidationError("--mcp-calls must be positive") }
        guard declaredStepsSpecs > 0 else { throw ValidationError("--declared-steps-specs must be positive") }
        guard latencyRate > 0, soakSeconds >= 0 else { throw ValidationError("--latency-rate must be positive, --soak-seconds not negative") }
    }

    func run() throws {
        StopSignal.install()
        let timeout = Duration.milliseconds(Int(stageTimeout * 1_000))
        let binaries = binDir.map { URL(fileURLWithPath: $0) } ?? WorkerProcess.binaryFolder()
        let corpus = try Corpus(path: corpus)
        log("corpus: \(corpus.sources.count) files, \(corpus.lines) lines, \(corpus.specs.count) specs")

        let waits = WaitStages(
            corpus: corpus.path, oneFile: oneFile ?? corpus.largestFile, binaries: binaries,
            swiftFormat: swiftFormat.split(separator: " ").map(String.init), repeats: repeats, timeout: timeout)
        if waitOnly {
            print(MarkdownTable.wait(try waits.measure()), terminator: "")
            return
        }
        let template = try SpecTemplate(describingFirstFeatureOf: corpus.specs, fullDescription: fullDeclaredSpecs)
        if mcpOnly {
            print(MarkdownTable.mcp(try mcpStage(corpus: corpus, binaries: binaries, timeout: timeout)), terminator: "")
            return
        }
        if serviceOnly {
            print(MarkdownTable.service(try serviceStages(template: template, binaries: binaries, drainTimeout: timeout)), terminator: "")
            return
        }
        let engine = try InProcessStages.measure(corpus, repeats: repeats, timeout: timeout)
        log("parse only: \(engine.parseSeconds) s, engine: \(engine.engineSeconds) s, paired ratio \(engine.engineToParse)")
        let steps = try DeclaredSteps.measure(template: template, count: declaredStepsSpecs, timeout: timeout)
        log("declared steps (µs per spec): intake \(steps.intakeMicros), validator \(steps.validatorMicros), persister \(steps.persisterMicros) (one per transaction: \(steps.persisterSingleMicros)), ack read \(steps.ackMicros)")
        if inProcessOnly {
            let codecs = try CodecComparison.measure(template: template, count: declaredStepsSpecs)
            print(MarkdownTable.inProcess(engine, steps: steps, codecs: codecs), terminator: "")
            return
        }

        let commands = CommandStages(corpus: corpus.path, binaries: binaries, repeats: repeats, timeout: timeout)
        let swiftFormat = try commands.swiftFormat(command: self.swiftFormat.split(separator: " ").map(String.init))
        log("swift-format: \(swiftFormat) s")
        var checks: [CheckFigures] = []
        for validators in [1, 2] {
            checks.append(CheckFigures(validators: validators, seconds: try commands.check(validators: validators)))
            log("check, \(validators) validator(s): \(checks.last!.seconds) s")
        }

        let wait = try waits.measure()
        for row in wait { log("\(row.input): \(row.rulebookSeconds) s, swift-format \(row.swiftFormatSeconds) s") }

        let services = try serviceStages(template: template, binaries: binaries, drainTimeout: timeout)
        let mcp = try mcpStage(corpus: corpus, binaries: binaries, timeout: timeout)
        let report = BenchReport(
            machine: .current,
            corpus: CorpusFigures(path: corpus.path, files: corpus.sources.count, lines: corpus.lines, specs: corpus.specs.count),
            parseSeconds: engine.parseSeconds, engineSeconds: engine.engineSeconds, engineToParse: engine.engineToParse,
            findings: engine.findings, planted: corpus.planted,
            swiftFormatSeconds: swiftFormat, check: checks, wait: wait, declaredSteps: steps, throughput: services.throughput, latency: services.latency,
            peakMemory: services.memory, soak: services.soak, mcp: mcp)
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(report).write(to: URL(fileURLWithPath: json))
        }
        print(MarkdownTable.render(report), terminator: "")
    }

    /// Throughput, latency, the optional soak and peak memory on one service pipeline with
    /// two validators, stopped before returning.
    private func serviceStages(template: SpecTemplate, binaries: URL, drainTimeout: Duration) throws -> ServiceFigures {
        let pipeline = try ServicePipeline(binaries: binaries, validators: 2, database: db)
        defer { pipeline.stop() }
        let client = try LoadClient(endpoints: pipeline.endpoints, template: template)
        try client.awaitReady(validators: 2, pipeline: pipeline, timeout: .seconds(30))
        let stages = LoadStages(client: client, pipeline: pipeline, drainTimeout: drainTimeout)
        let throughput = try stages.throughput(seconds: throughputSeconds)
        log("throughput: \(Int(throughput.specsPerSecond)) specs/s (\(template.size)-byte specs)")
        let latency = try stages.latency(rate: latencyRate, seconds: latencySeconds, log: latencyLog)
        log("latency: p50 \(latency.p50) ms, p99 \(latency.p99) ms, p99.9 \(latency.p999) ms")
        let soak = soakSeconds > 0 ? try stages.soak(seconds: soakSeconds, rate: latencyRate) : nil
        let memory = pipeline.workers.map { worker in
            WorkerMemory(worker: worker.name, peakMegabytes: ProcessStats.peakMemory(of: worker.pid).map(LoadStages.megabytes) ?? 0)
        }
        return ServiceFigures(throughput: throughput, latency: latency, memory: memory, soak: soak)
    }

    /// Warm `rulebook mcp` calls: the bench's declared spec, and one Swift file of the feature
    /// it describes.
    private func mcpStage(corpus: Corpus, binaries: URL, timeout: Duration) throws -> MCPFigures {
        let (declared, source) = try SpecTemplate.declaredSpec(describingFirstFeatureOf: corpus.specs, fullDescription: fullDeclaredSpecs)
        guard let file = source.files?.first else { throw BenchFailure("the described feature has no file") }
        let figures = try MCPStage(binaries: binaries, folder: corpus.path, timeout: timeout).measure(declared: declared, file: file, calls: mcpCalls)
        log("mcp: check_declared_spec p50 \(figures.declared.p50) ms, p99 \(figures.declared.p99) ms; check_swift_source p50 \(figures.swiftSource.p50) ms, p99 \(figures.swiftSource.p99) ms")
        return figures
    }

    /// Progress on stderr; stdout holds only the report.
    private func log(_ line: String) {
        FileHandle.standardError.write(Data(("rulebook-bench: " + line + "\n").utf8))
    }
}
