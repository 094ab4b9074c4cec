import ArgumentParser
import Foundation
import RulebookPipeline
import RulebookStore

/// `rulebook-persister`: stores results in SQLite or PostgreSQL and publishes acks and run
/// completion.
public struct PersisterCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "rulebook-persister",
        abstract: "Store results: PULL from validators, write SQLite or PostgreSQL, PUBlish acks, run completion and heartbeats.")

    @Option(help: "Results endpoint to bind (RULEBOOK_RESULTS).")
    var results = environmentEndpoints.results

    @Option(help: "Events endpoint to bind (RULEBOOK_EVENTS).")
    var events = environmentEndpoints.events

    @Option(help: "SQLite database file or postgresql:// URL (RULEBOOK_DB), created and migrated if needed.")
    var db = ProcessInfo.processInfo.environment["RULEBOOK_DB"] ?? "rulebook.sqlite"

    @Option(help: ArgumentHelp(
        "Keep only the N most recently completed runs in a SQLite database, deleting older ones as runs complete (default: keep every run).",
        valueName: "N"))
    var keepRuns: Int?

    @OptionGroup var worker: WorkerOptions

    public init() {}

    public func validate() throws {
        if let keepRuns, keepRuns < 1 { throw ValidationError("--keep-runs must be at least 1") }
    }

    public func run() throws {
        worker.prepareProcess()
        var endpoints = environmentEndpoints
        endpoints.results = results
        endpoints.events = events
        let retention = keepRuns.map(RunRetention.latest) ?? .all
        try PersisterWorker(endpoints: endpoints, settings: worker.settings, database: DatabaseLocation(db), retention: retention).run()
    }
}
