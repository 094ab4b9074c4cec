import ArgumentParser
import Foundation
import RulebookCore
import RulebookPipeline
import RulebookWire

/// `rulebook push [FILE…|-]`: declared specs or `spec.submitted` CloudEvents from files or
/// stdin to a serving producer's intake, optionally waiting for each verdict.
struct PushCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Push declared specs or spec.submitted CloudEvents to a serving pipeline; with --wait, print each verdict.",
        discussion: """
            Each FILE (or '-' for stdin) holds one JSON object, a JSON array of objects, or JSON \
            Lines: bare declared specs (schemas/declared-spec.schema.json) or whole \
            dev.rulebook.spec.submitted CloudEvents, which keep their source and id (the dedupe key). \
            Everything is sent as one run of its own (an event's runid is replaced). Without --wait \
            it prints {"runId", "specs"} once the specs are queued. With --wait it resends until the \
            persister acknowledges each spec and prints each verdict as one JSON line as it arrives: \
            the data of the spec's dev.rulebook.spec.persisted ack (status, findings or the \
            rejection's code and message; docs/PROTOCOL.md). Exit codes: 0 every spec checked without \
            error-severity findings, 1 error findings (warnings too with --strict) or a rejected \
            spec, 2 usage or input error, 3 pipeline failure (not ready, timed out).
            """)

    @Argument(help: "Files to push; '-' reads stdin.")
    var files: [String] = ["-"]

    @Option(help: "Intake endpoint of a serving producer (RULEBOOK_INTAKE).")
    var intake = environmentEndpoints.intake

    @Option(help: "Events endpoint of the persister, for --wait; several, comma-separated (RULEBOOK_EVENTS).")
    var events = environmentEndpoints.events

    @Flag(help: "Wait for every spec's verdict and print each as a JSON line.")
    var wait = false

    @Option(help: "Seconds to wait: with --wait, for every verdict; without it, for a producer to take the specs (RB504 when none does).")
    var timeout: Double = 120

    @Flag(help: "With --wait, count warnings as failures too.")
    var strict = false

    @OptionGroup var curve: CurveClientOptions

    @OptionGroup var log: LogOptions

    func validate() throws {
        guard timeout > 0, timeout <= 604_800 else { throw ValidationError("--timeout must be between 0 and 604800 seconds") }
        guard files.filter({ $0 == "-" }).count <= 1 else { throw ValidationError("'-' (stdin) can be named once") }
    }

    func run() throws {
        log.bootstrap(defaultLevel: "warning")
        StopSignal.install()
        var endpoints = environmentEndpoints
        endpoints.intake = intake
        endpoints.events = events
        let client = IntakeClient(endpoints: endpoints, security: try curve.socketSecurity())
        let runId = UUID().uuidString.lowercased()
        let specs = try read(decoder: IntakeDecoder(source: client.source, defaultRunId: runId))
        guard !specs.isEmpty else {
            StandardStreams.error("push: no specs in \(TerminalText.escaped(files.joined(separator: ", ")))\n")
            return
        }
        let opened = CloudEvent(
            source: client.source, runId: runId,
            data: RunOpened(runId: runId, expectedSpecs: specs.count, tool: "rulebook push", paths: files))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard wait else {
            try client.push(opened: opened, events: specs, waitTimeout: nil, timeout: .milliseconds(Int(timeout * 1_000)), onAck: { _ in })
            try StandardStreams.output(#"{"runId":"\#(runId)","specs":\#(specs.count)}"# + "\n")
            return
        }
        var tally = VerdictTally()
        // A verdict that cannot be printed ends the command once the run is done (the run
        // itself is stored either way).
        var outputFailure: RulebookError?
        try client.push(opened: opened, events: specs, waitTimeout: .milliseconds(Int(timeout * 1_000))) { ack in
            tally.add(ack)
            guard outputFailure == nil else { return }
            let line = (try? encoder.encode(ack)).map { String(decoding: $0, as: UTF8.self) + "\n" } ?? ""
            do throws(RulebookError) { try StandardStreams.output(line) } catch { outputFailure = error }
        }
        if let outputFailure { throw outputFailure }
        StandardStreams.error(tally.summary + "\n")
        throw ExitCode(tally.failed(strict: strict) ? 1 : 0)
    }

    /// Every spec of every file, in order; an id sent twice is an input error.
    private func read(decoder: IntakeDecoder) throws -> [CloudEvent<SpecSubmitted>] {
        var specs: [CloudEvent<SpecSubmitted>] = []
        var seen: [String: String] = [:]
        for file in files {
            let name = file == "-" ? "stdin" : file
            let data: Data
            if file == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                do {
                    data = try Data(contentsOf: URL(fileURLWithPath: file))
                } catch {
                    throw RulebookError.unreadableInput(path: file, reason: (error as NSError).localizedDescription)
                }
            }
            for spec in try PushInput.events(in: data, name: name, decoder: decoder) {
                let key = spec.source + " " + spec.id
                if let earlier = seen[key] {
                    throw RulebookError.invalidArgument("spec id '\(spec.id)' of source '\(spec.source)' is in \(earlier) and \(name); ids must be unique")
                }
                seen[key] = name
                specs.append(spec)
            }
        }
        return specs
    }
}
