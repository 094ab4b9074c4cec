import Foundation
import RulebookCore
import RulebookStore
import ZeroMQ

/// A persister and validators started as child processes on private `ipc://` endpoints, and
/// the producer's sockets to them: what `rulebook check` starts for one run and `rulebook
/// mcp` for its lifetime. The sockets belong to the thread that opened the pipeline; the
/// workers are supervised (restarted when they die) until ``stop()``.
final class PrivatePipeline {
    /// SUB socket on the persister's events: acks, run completions, heartbeats.
    let events: ZMQSocket
    /// PUSH socket to the persister's results: `run.opened` and rejections found before sending.
    let control: ZMQSocket
    /// PUSH socket the validators pull specs from.
    let work: ZMQSocket
    /// How many validators run.
    let validators: Int
    let supervisor: WorkerSupervisor

    /// Opens the sockets on `context` and starts the workers, logging at `logLevel` in
    /// `logFormat`, sending a heartbeat every `heartbeatSeconds`, keeping the runs `retention` says.
    init(
        context: ZMQContext, endpoints: Endpoints, database: DatabaseLocation, validators: Int, logLevel: String, logFormat: String,
        heartbeatSeconds: Double = 0.1, maxRestarts: Int = 3, retention: RunRetention = .all
    ) throws(RulebookError) {
        events = try RunDriver.subscriber(context: context, endpoint: endpoints.events)
        control = try zmq(ZMQSocket(context: context, type: .push))
        try zmq(control.connect(endpoints.results))
        work = try zmq(ZMQSocket(context: context, type: .push))
        // A small queue per validator spreads work evenly and bounds what a dying validator takes with it.
        try zmq(work.setSendHighWaterMark(WorkerSettings.workQueueDepth))
        try zmq(work.bind(endpoints.work))
        self.validators = validators
        supervisor = WorkerSupervisor(maxRestarts: maxRestarts)
        let common = [
            "--results", endpoints.results, "--parent-pid", "\(getpid())", "--heartbeat-interval", "\(heartbeatSeconds)",
            "--log-level", logLevel, "--log-format", logFormat,
        ]
        var store = database.childArguments
        if case .latest(let count) = retention { store.arguments += ["--keep-runs", "\(count)"] }
        do {
            try supervisor.launch(
                name: "persister", executable: WorkerProcess.executable(named: "rulebook-persister"),
                arguments: common + ["--events", endpoints.events] + store.arguments, environment: store.environment)
            for index in 1...validators {
                try supervisor.launch(
                    name: "validator-\(index)", executable: WorkerProcess.executable(named: "rulebook-validator"),
                    arguments: common + ["--work", endpoints.work])
            }
        } catch {
            stop()
            throw error
        }
    }

    /// Restarts workers that died; throws when one died more often than allowed.
    func keepAlive() throws(RulebookError) {
        try supervisor.keepAlive()
    }

    /// Stops the workers, validators first, so their last results reach a persister that is
    /// still running; a worker still running `grace` after its SIGTERM is killed.
    func stop(grace: Duration = WorkerProcess.stopGrace) {
        supervisor.stopAll(first: { $0.hasPrefix("validator") }, grace: grace)
    }
}
