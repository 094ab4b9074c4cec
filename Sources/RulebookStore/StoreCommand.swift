import RulebookCore
import RulebookWire

/// One thing for the persister to store; a batch of commands is one transaction.
public enum StoreCommand: Sendable {
    /// A run starts (or its expected count becomes known).
    case openRun(RunOpened)
    /// A spec's findings.
    case validated(runId: String, SpecValidated)
    /// A message that could not be checked.
    case rejected(runId: String?, SpecRejected)
}

/// What storing a batch produced: acks to publish and runs that just completed.
public struct StoreOutcome: Sendable {
    /// One ack per stored or duplicate spec, in batch order.
    public var acks: [SpecPersisted] = []
    /// Runs whose last expected spec arrived in this batch.
    public var completedRuns: [RunCompleted] = []
    /// Rejections stored that had no spec id (nothing to ack).
    public var anonymousRejections = 0
}
