import Foundation
import RulebookPipeline
import RulebookStore

/// The pipeline as services: a persister, N validators and `rulebook-producer serve`, on
/// `ipc://` endpoints in a private temporary folder, with a fresh SQLite database (or the
/// PostgreSQL database given) and producer journal there.
/// The workers exit when the bench does (`--parent-pid`) and are stopped by ``stop()``.
final class ServicePipeline {
    /// The endpoints the workers bind and connect.
    let endpoints: Endpoints
    /// The persister's database: a file in the folder, or the URL given.
    let database: String
    /// The SQLite database's write-ahead log, if the database is a SQLite file.
    var writeAheadLog: String? { DatabaseURL.isPostgres(database) ? nil : database + "-wal" }
    /// The workers, producer last.
    private(set) var workers: [ChildProcess] = []
    private let folder: String

    /// Starts the workers; their logs (warnings and worse) go to files in the folder.
    init(binaries: URL, validators: Int, database: String? = nil) throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/rb-bench-XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else { throw BenchFailure("cannot create a temporary folder") }
        folder = String(cString: created)
        endpoints = Endpoints.ipc(in: folder)
        self.database = database ?? folder + "/bench.sqlite"
        let common = ["--parent-pid", "\(getpid())", "--heartbeat-interval", "0.2", "--log-level", "warning"]
        do {
            try start("persister", binaries, "rulebook-persister",
                ["--results", endpoints.results, "--events", endpoints.events, "--db", self.database] + common)
            for index in 1...validators {
                try start("validator-\(index)", binaries, "rulebook-validator",
                    ["--work", endpoints.work, "--results", endpoints.results] + common)
            }
            try start("producer", binaries, "rulebook-producer",
                ["serve", "--intake", endpoints.intake, "--work", endpoints.work, "--results", endpoints.results,
                 "--events", endpoints.events, "--journal", folder + "/producer-journal.sqlite"] + common)
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Fails when a worker has exited, quoting the end of its log.
    func checkAlive() throws {
        guard let dead = workers.first(where: { !$0.isRunning }) else { return }
        let log = (try? String(contentsOfFile: folder + "/" + dead.name + ".log", encoding: .utf8)) ?? ""
        throw BenchFailure("\(dead.name) exited: \(log.suffix(600))")
    }

    /// Stops every worker (producer first, persister last) and removes the folder.
    func stop() {
        for worker in workers.reversed() { worker.stop() }
        workers = []
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func start(_ name: String, _ binaries: URL, _ executable: String, _ arguments: [String]) throws {
        workers.append(
            try ChildProcess(
                name: name, executable: binaries.appendingPathComponent(executable), arguments: arguments,
                log: URL(fileURLWithPath: folder).appendingPathComponent(name + ".log")))
    }
}
