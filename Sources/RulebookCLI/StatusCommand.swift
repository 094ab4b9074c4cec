import ArgumentParser
import Foundation
import RulebookCore
import RulebookPipeline

/// `rulebook status`: live workers, queue depth, throughput and the latest errors, from the
/// heartbeats on a persister's events socket.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Listen to the heartbeats of a serving pipeline and print its workers, queue depth, throughput and last errors.",
        discussion: """
            Listens for --duration seconds (longer than the workers' --heartbeat-interval, so every \
            worker is heard at least twice for a rate). Exit codes: 0 heartbeats heard, 2 usage \
            error, 3 no heartbeat at all (RB504: nothing is serving at --events).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Option(help: "Events endpoint of the persister; several, comma-separated (RULEBOOK_EVENTS).")
    var events = environmentEndpoints.events

    @Option(help: "Seconds to listen.")
    var duration: Double = 3

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @OptionGroup var curve: CurveClientOptions

    @OptionGroup var log: LogOptions

    func validate() throws {
        guard duration > 0, duration <= 3_600 else { throw ValidationError("--duration must be between 0 and 3600 seconds") }
    }

    func run() throws {
        log.bootstrap(defaultLevel: "warning")
        StopSignal.install()
        let status = try HeartbeatListener(endpoint: events, security: try curve.socketSecurity())
            .listen(for: .milliseconds(Int(duration * 1_000)))
        switch format {
        case .text: try StandardStreams.output(StatusRenderer.text(status, window: duration))
        case .json: try StandardStreams.output(StatusRenderer.json(status))
        }
        if status.workers.isEmpty {
            throw RulebookError.pipelineNotReady(seconds: duration, detail: "no heartbeat on \(events)")
        }
    }
}
