import Foundation
import RulebookCore
import RulebookStore
import RulebookWire
import ZeroMQ

/// Where a ``PipelineSession`` sends its specs.
public enum SessionPipeline: Sendable {
    /// A persister and `validators` validators of the session's own, started once on private
    /// `ipc://` endpoints with a temporary database (as `rulebook check` starts them for a
    /// run), logging at `logLevel` in `logFormat`.
    case `private`(validators: Int, logLevel: String, logFormat: String)
    /// A serving pipeline: specs go to the producer's intake, acks come from the persister's
    /// events socket; the verdicts are stored in that pipeline's database.
    case serving(Endpoints, SocketSecurity)
}

/// The sockets of a session's pipeline, opened on the session's thread and used only there.
final class SessionConnection {
    let events: ZMQSocket
    /// Carries `run.opened`: the persister's results socket, or the intake.
    let control: ZMQSocket
    /// Carries the specs: the validators' work socket, or the intake.
    let work: ZMQSocket
    /// The private pipeline's workers, if the session started them.
    private let workers: PrivatePipeline?
    /// The private pipeline's folder (ipc endpoints, database), removed on close.
    private let folder: String?

    /// Opens `pipeline` and waits until it is ready (the persister and every validator heard)
    /// for at most `timeout`.
    init(_ pipeline: SessionPipeline, timeout: Duration) throws(RulebookError) {
        let context = try MessagingContext.make()
        switch pipeline {
        case .private(let validators, let logLevel, let logFormat):
            let folder = try RunFolder.make()
            let workers: PrivatePipeline
            do {
                // A long-lived pipeline: slower heartbeats, and a worker may die many times
                // in a day without failing the session.
                workers = try PrivatePipeline(
                    context: context, endpoints: Endpoints.ipc(in: folder), database: .sqlite(path: folder + "/rulebook.sqlite"),
                    validators: validators, logLevel: logLevel, logFormat: logFormat, heartbeatSeconds: 1, maxRestarts: 1_000,
                    retention: .latest(Self.keptCalls))
            } catch {
                try? FileManager.default.removeItem(atPath: folder)
                throw error
            }
            self.workers = workers
            self.folder = folder
            events = workers.events
            control = workers.control
            work = workers.work
        case .serving(let endpoints, let security):
            let intake = try IntakeClient(endpoints: endpoints, security: security).connectIntake(context: context)
            events = try RunDriver.subscriber(context: context, endpoint: endpoints.events, security: security)
            control = intake
            work = intake
            workers = nil
            folder = nil
        }
        do {
            try RunDriver(events: events, timeout: timeout).awaitReady(validators: workers?.validators ?? 0, health: health)
        } catch {
            close()
            throw error
        }
    }

    /// How many calls' runs the private database keeps: the session reads its verdicts from
    /// the acks, so the database only needs the calls under way and a few for a look afterwards.
    static let keptCalls = 16

    /// The private database, opened for reading when first asked (``verdicts(ofRun:)``).
    private var readStore: (any ResultStore)?

    /// The verdicts the private pipeline's persister stored for `runId`, for the result cache;
    /// `nil` for a serving pipeline, whose database is not the session's to read.
    func verdicts(ofRun runId: String) -> [SpecValidated]? {
        guard let folder else { return nil }
        if readStore == nil { readStore = try? DatabaseLocation.sqlite(path: folder + "/rulebook.sqlite").open() }
        return try? readStore?.verdicts(ofRun: runId)
    }

    /// Restarts the private workers that died; throws when one died too often.
    func health() throws(RulebookError) {
        try workers?.keepAlive()
    }

    /// Between calls: drops what the events socket holds (heartbeats, late acks of finished
    /// calls, which every call tells apart by its run) and restarts dead workers.
    func idle() throws(RulebookError) {
        while try zmq(events.receiveMessage(dontWait: true)) != nil {}
        try health()
    }

    /// Stops the private workers and removes their folder.
    func close() {
        workers?.stop()
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }
}
