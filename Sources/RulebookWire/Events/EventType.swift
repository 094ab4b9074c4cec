import Foundation

/// The CloudEvents `type` of every Rulebook message.
public enum EventType: String, Codable, Sendable, CaseIterable {
    case specSubmitted = "dev.rulebook.spec.submitted"
    case specValidated = "dev.rulebook.spec.validated"
    case specRejected = "dev.rulebook.spec.rejected"
    case runOpened = "dev.rulebook.run.opened"
    case runCompleted = "dev.rulebook.run.completed"
    case specPersisted = "dev.rulebook.spec.persisted"
    case workerHeartbeat = "dev.rulebook.worker.heartbeat"

    /// The schema file name of this event's `data` in `schemas/` (`spec-submitted`).
    public var schemaName: String { Self.schemaNames[self, default: ""] }

    /// The JSON Schema `$id` of this event's `data`, sent as the CloudEvents `dataschema`.
    public var dataSchema: String { Self.dataSchemas[self, default: ""] }

    /// Computed once: every event carries its schema.
    private static let schemaNames = Dictionary(
        uniqueKeysWithValues: allCases.map { type in
            (type, type.rawValue.dropFirst("dev.rulebook.".count).replacingOccurrences(of: ".", with: "-"))
        })

    private static let dataSchemas = schemaNames.mapValues { "https://rulebook.dev/schemas/\($0).schema.json" }
}
