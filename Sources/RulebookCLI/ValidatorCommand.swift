import ArgumentParser
import RulebookPipeline

/// `rulebook-validator`: checks specs from the work socket and pushes results.
public struct ValidatorCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "rulebook-validator",
        abstract: "Validate specs: PULL from the producer's work socket, run the rules, PUSH results to the persister.")

    @Option(help: "Work endpoint to connect to; several, comma-separated, for several producers (RULEBOOK_WORK).")
    var work = environmentEndpoints.work

    @Option(help: "Results endpoint to connect to; several, comma-separated, for several persisters (RULEBOOK_RESULTS).")
    var results = environmentEndpoints.results

    @OptionGroup var worker: WorkerOptions

    public init() {}

    public func run() throws {
        worker.prepareProcess()
        var endpoints = environmentEndpoints
        endpoints.work = work
        endpoints.results = results
        try ValidatorWorker(endpoints: endpoints, settings: worker.settings).run()
    }
}
