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

extension StoreCommand {
    /// The spec row this command stores, and its findings, if it stores one: a result, or a
    /// rejection that names its run and its spec.
    public var spec: (row: SpecRow, findings: [Finding])? {
        switch self {
        case .openRun: nil
        case .validated(let runId, let result): (SpecRow(result, runId: runId), result.findings)
        case .rejected(let runId, let rejection):
            if let runId, let source = rejection.specSource, let id = rejection.specId {
                (SpecRow(rejectedId: id, source: source, runId: runId), [])
            } else {
                nil
            }
        }
    }

    /// The run this command touches, if it names one.
    public var runId: String? {
        switch self {
        case .openRun(let opened): opened.runId
        case .validated(let runId, _): runId
        case .rejected(let runId, _): runId
        }
    }
}

extension SpecRow {
    /// The row of a validated spec.
    init(_ result: SpecValidated, runId: String) {
        self.init(
            runId: runId, source: result.specSource, id: result.specId, status: .validated, feature: result.feature,
            origin: result.origin.rawValue, dialect: result.dialect.rawValue, validator: result.validator,
            durationMicros: result.durationMicros)
    }

    /// The row of a rejected spec: it has no feature, origin or validator.
    init(rejectedId id: String, source: String, runId: String) {
        self.init(
            runId: runId, source: source, id: id, status: .rejected, feature: nil, origin: nil, dialect: nil, validator: nil,
            durationMicros: nil)
    }

    /// What identifies the spec.
    public var key: SpecKey { SpecKey(source: source, id: id) }
}
