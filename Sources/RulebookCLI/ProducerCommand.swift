import ArgumentParser
import Foundation
import RulebookCore
import RulebookPipeline
import RulebookWire

/// `rulebook-producer`: the pipeline's entry point.
public struct ProducerCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "rulebook-producer",
        abstract: "Turn Swift files and declared specs into spec.submitted events.",
        subcommands: [Serve.self, Scan.self, Submit.self])

    public init() {}

    /// `serve`: bind the intake for other tools and the work socket for validators.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bind the intake (PULL) and work (PUSH) sockets and forward specs to validators.",
            discussion: """
                Every spec read from the intake is written to the journal (--journal) before it \
                is forwarded, and stays there until the persister acknowledges it; a producer \
                restarted on the same journal, after a crash or kill -9, sends again what it \
                held. What a killed producer loses is only what it had not read yet: at most \
                \(ProducerIntakeWorker.intakeQueueDepth) messages per client connection queued in \
                libzmq, the burst of up to \(ProducerIntakeWorker.intakeBurst) being read, and \
                what the kernel's socket buffers held (RELIABILITY.md). The journal is locked \
                (FILE-lock) while the producer runs: one producer per journal.
                """)

        @Option(help: "Intake endpoint to bind (RULEBOOK_INTAKE).")
        var intake = environmentEndpoints.intake
        @Option(help: "Work endpoint to bind (RULEBOOK_WORK).")
        var work = environmentEndpoints.work
        @Option(help: "Persister results endpoint to connect to; several, comma-separated, for several persisters (RULEBOOK_RESULTS).")
        var results = environmentEndpoints.results
        @Option(help: "Persister events endpoint to read acks from, for resends; several, comma-separated (RULEBOOK_EVENTS).")
        var events = environmentEndpoints.events
        @Option(help: "Seconds without any ack after which an unacknowledged spec is sent again (doubling per attempt).")
        var ackTimeout: Double = 5
        @Option(help: "Sends per spec before it is given up and reported as RB505.")
        var maxAttempts: Int = 5
        @Option(
            help: ArgumentHelp(
                "Journal of accepted, unacknowledged specs (SQLite, RULEBOOK_JOURNAL), created if needed; a relative path is in the working folder.",
                valueName: "file"))
        var journal = ProcessInfo.processInfo.environment["RULEBOOK_JOURNAL"] ?? "rulebook-producer-journal.sqlite"
        @OptionGroup var worker: WorkerOptions

        func validate() throws {
            guard ackTimeout >= 0.05, ackTimeout <= 3_600 else { throw ValidationError("--ack-timeout must be between 0.05 and 3600 seconds") }
            guard (1...100).contains(maxAttempts) else { throw ValidationError("--max-attempts must be between 1 and 100") }
            guard !journal.isEmpty else { throw ValidationError("--journal must name a file") }
        }

        func run() throws {
            worker.prepareProcess()
            var endpoints = environmentEndpoints
            endpoints.intake = intake
            endpoints.work = work
            endpoints.results = results
            endpoints.events = events
            let delivery = DeliveryPolicy(ackTimeout: .milliseconds(Int(ackTimeout * 1_000)), maxAttempts: maxAttempts)
            try ProducerIntakeWorker(endpoints: endpoints, settings: worker.settings, delivery: delivery, journalPath: journal)
                .run()
        }
    }

    /// Options of the intake clients.
    struct ClientOptions: ParsableArguments {
        @Option(help: "Intake endpoint of a serving producer (RULEBOOK_INTAKE).")
        var intake = environmentEndpoints.intake
        @Option(help: "Events endpoint of the persister, for --wait; several, comma-separated (RULEBOOK_EVENTS).")
        var events = environmentEndpoints.events
        @Flag(help: "Wait for the run to complete and print its summary as JSON.")
        var wait = false
        @Option(help: "Seconds to wait with --wait.")
        var timeout: Double = 120
        @OptionGroup var curve: CurveClientOptions

        func validate() throws {
            guard timeout > 0, timeout <= 604_800 else { throw ValidationError("--timeout must be between 0 and 604800 seconds") }
        }

        func submit(_ specs: [SpecSubmitted], tool: String, paths: [String]) throws {
            var endpoints = environmentEndpoints
            endpoints.intake = intake
            endpoints.events = events
            StopSignal.install()
            let result = try IntakeClient(endpoints: endpoints, security: curve.socketSecurity()).submit(
                specs: specs, tool: tool, paths: paths, waitTimeout: wait ? .milliseconds(Int(timeout * 1_000)) : nil)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            if let completed = result.completed {
                try StandardStreams.output(String(decoding: try encoder.encode(completed), as: UTF8.self) + "\n")
            } else {
                try StandardStreams.output(#"{"runId":"\#(result.runId)","specs":\#(specs.count)}"# + "\n")
            }
        }
    }

    /// `scan PATHS…`: one spec per feature, pushed to a serving producer.
    struct Scan: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Scan Swift files and declared specs and push them to a serving producer's intake.")
        @Argument(help: "Files or folders to scan.")
        var paths: [String]
        @OptionGroup var client: ClientOptions

        func run() throws {
            try client.submit(try SpecScanner().specs(in: paths), tool: "rulebook-producer scan", paths: paths)
        }
    }

    /// `submit FILE…|-`: declared specs from files or stdin.
    struct Submit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Push declared JSON specs from files, or '-' for stdin, to a serving producer's intake.")
        @Argument(help: "Declared spec files; '-' reads one spec from stdin.")
        var files: [String] = ["-"]
        @OptionGroup var client: ClientOptions

        func run() throws {
            let scanner = SpecScanner()
            let specs = try files.map { file throws(RulebookError) in
                file == "-"
                    ? try SpecScanner.declaredSpec(data: FileHandle.standardInput.readDataToEndOfFile(), name: "stdin.rulebook.json")
                    : try scanner.declaredSpec(at: file)
            }
            try client.submit(specs, tool: "rulebook-producer submit", paths: files)
        }
    }
}
