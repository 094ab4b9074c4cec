import Foundation
import Logging
import RulebookCore

/// Keeps `rulebook check`'s workers running: a worker that dies (crash, OOM kill, `kill -9`)
/// is started again with the same arguments, up to a bounded number of restarts per worker;
/// the producer's resends cover whatever the dead worker held. Stops every worker on demand.
final class WorkerSupervisor {
    /// One supervised worker process.
    private struct Slot {
        var name: String
        var executable: URL
        var arguments: [String]
        var environment: [String: String]
        var process: WorkerProcess
        var restarts = 0
    }

    private let maxRestarts: Int
    private let logger = Logger(label: "rulebook.supervisor")
    private var slots: [Slot] = []

    init(maxRestarts: Int = 3) {
        self.maxRestarts = maxRestarts
    }

    /// Starts a worker and supervises it.
    func launch(name: String, executable: URL, arguments: [String], environment: [String: String] = [:]) throws(RulebookError) {
        let process = try WorkerProcess.launch(name: name, executable: executable, arguments: arguments, environment: environment)
        slots.append(Slot(name: name, executable: executable, arguments: arguments, environment: environment, process: process))
    }

    /// Restarts workers that died; throws when one died more often than allowed.
    func keepAlive() throws(RulebookError) {
        for index in slots.indices {
            do {
                try slots[index].process.checkAlive()
            } catch {
                guard slots[index].restarts < maxRestarts else { throw error }
                slots[index].restarts += 1
                logger.warning(
                    "restarting a worker that exited",
                    metadata: ["worker": "\(slots[index].name)", "reason": "\(error.message)", "restart": "\(slots[index].restarts)"])
                slots[index].process = try WorkerProcess.launch(
                    name: slots[index].name, executable: slots[index].executable, arguments: slots[index].arguments,
                    environment: slots[index].environment)
            }
        }
    }

    /// Workers restarted so far.
    var restarts: Int { slots.reduce(0) { $0 + $1.restarts } }

    /// Stops the workers named by `names` first (together), then the rest.
    func stopAll(first names: (String) -> Bool, grace: Duration = WorkerProcess.stopGrace) {
        WorkerProcess.stop(slots.filter { names($0.name) }.map(\.process), grace: grace)
        WorkerProcess.stop(slots.filter { !names($0.name) }.map(\.process), grace: grace)
    }
}
