import Foundation
import RulebookCore
import RulebookWire

/// A pipeline kept for a long-lived client's lifetime (`rulebook mcp`): a private one started
/// once, or a serving one (``SessionPipeline``). Each ``check(tool:paths:scanning:)`` is one run,
/// a push of its specs and a wait for their acks, not a process start.
///
/// The session's sockets never leave a thread of its own, which runs the work it is given
/// one piece at a time (callers on any thread or task wait for their turn) and, between
/// pieces, empties the events socket and restarts dead workers. The thread has a large
/// stack, like a process's main thread, so work that parses Swift can run on it too.
public final class PipelineSession: Sendable {
    private let queue: SessionQueue
    /// How long one check may take.
    private let callTimeout: Duration
    /// How unacknowledged specs are resent.
    private let delivery: DeliveryPolicy
    /// The CloudEvents `source` of the session's specs.
    private let source = "rulebook://mcp/\(ProcessInfo.processInfo.hostName)/\(getpid())"

    private init(queue: SessionQueue, callTimeout: Duration, delivery: DeliveryPolicy) {
        self.queue = queue
        self.callTimeout = callTimeout
        self.delivery = delivery
    }

    /// Opens `pipeline` (starting its workers, for a private one) on the session's thread and
    /// returns once it is ready, within `startTimeout`; each check may then take `callTimeout`.
    public static func open(
        _ pipeline: SessionPipeline, startTimeout: Duration, callTimeout: Duration, delivery: DeliveryPolicy = DeliveryPolicy()
    ) throws(RulebookError) -> PipelineSession {
        let queue = try SessionQueue.start { () throws(RulebookError) in try SessionConnection(pipeline, timeout: startTimeout) }
        return PipelineSession(queue: queue, callTimeout: callTimeout, delivery: delivery)
    }

    /// Checks the specs `scanning` finds (run on the session's thread: it may read and index
    /// many files) as one run started by `tool` (naming `paths`): the specs go to the
    /// validators, files the scan could not read (and specs too large for a message) are
    /// rejected here; returns every verdict once each spec is acknowledged. With `cache`, a
    /// spec whose files, project context, configuration and Rulebook build the cache has seen
    /// is answered from it, as `rulebook check` answers it, and the verdicts of the others are
    /// remembered (when the session's own persister stored them).
    public func check(
        tool: String, paths: [String] = [], cache: ResultCache? = nil,
        scanning: @escaping @Sendable () throws(RulebookError) -> SpecScan
    ) async throws(RulebookError) -> CheckedSpecs {
        let (source, timeout, delivery) = (source, callTimeout, delivery)
        return try await perform { connection throws(RulebookError) in
            let scan = try scanning()
            let runId = UUID().uuidString.lowercased()
            let prepared = PreparedRun(
                scan: scan, opened: RunOpened(runId: runId, expectedSpecs: 0, tool: tool, paths: paths), source: source,
                maxMessageBytes: WorkerSettings.defaultMaxMessageBytes)
            let split = CacheSplit(prepared, cache: cache)
            var acks = Dictionary(split.answered.map { ($0.data.specId, Self.ack(of: $0.data, in: runId)) }, uniquingKeysWith: { $1 })
            if !split.toValidate.isEmpty {
                // Rejections found here are answered here: the run holds only what is sent.
                var opened = prepared.opened
                opened.data.expectedSpecs = split.toValidate.count
                let driver = RunDriver(events: connection.events, timeout: timeout)
                driver.onAck = { acks[$0.specId] = $0 }
                try driver.deliver(
                    opened: opened, specs: split.toValidate, control: connection.control, work: connection.work, policy: delivery,
                    health: connection.health)
                if let cache, let verdicts = connection.verdicts(ofRun: runId) { cache.remember(verdicts, of: split.toValidate) }
            }
            return CheckedSpecs(prepared: prepared, acks: acks, excluded: scan.excluded, fromCache: split.answered.count)
        }
    }

    /// The acknowledgement the persister would give a verdict the cache holds.
    private static func ack(of verdict: SpecValidated, in runId: String) -> SpecPersisted {
        SpecPersisted(
            runId: runId, specId: verdict.specId, specSource: verdict.specSource, status: .validated, duplicate: false,
            feature: verdict.feature, findings: verdict.findings)
    }

    /// Runs `work` on the session's thread, after the work given before it.
    public func perform<Value: Sendable>(
        _ work: @escaping @Sendable () throws(RulebookError) -> Value
    ) async throws(RulebookError) -> Value {
        try await perform { (_: SessionConnection) throws(RulebookError) in try work() }
    }

    private func perform<Value: Sendable>(
        _ work: @escaping @Sendable (SessionConnection) throws(RulebookError) -> Value
    ) async throws(RulebookError) -> Value {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, RulebookError>, Never>) in
            let accepted = queue.submit { connection in
                continuation.resume(returning: connection.flatMap { connection in
                    Result { () throws(RulebookError) in try work(connection) }
                })
            }
            if !accepted { continuation.resume(returning: .failure(.interrupted)) }
        }
        return try result.get()
    }

    /// Runs the work already given, then stops the pipeline (a private one's workers) and
    /// the thread; returns when they are gone. Work given afterwards fails with RB503.
    public func close() {
        queue.close()
    }
}
