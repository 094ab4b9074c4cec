import RulebookWire
/// A spec in an ``IntakeJournal``: its place in the journal, its CloudEvents dedupe key
/// (`source` + `id`), its run and the event exactly as the producer forwards it.
public struct JournaledSpec: Sendable, Equatable {
    /// Its place in the journal: specs are forwarded in this order.
    public var sequence: Int64
    public var source: String
    public var id: String
    public var runId: String?
    /// The `spec.submitted` event as sent to the validators.
    public var event: [UInt8]

    public init(sequence: Int64 = 0, source: String, id: String, runId: String?, event: [UInt8]) {
        self.sequence = sequence
        self.source = source
        self.id = id
        self.runId = runId
        self.event = event
    }
}

/// What a producer restarting on an ``IntakeJournal`` needs to know of a spec it holds,
/// without the event itself (it is read back when the spec is sent).
public struct PendingSpec: Sendable, Equatable {
    public var sequence: Int64
    public var source: String
    public var id: String
    /// Bytes of the event.
    public var bytes: Int

    public init(sequence: Int64, source: String, id: String, bytes: Int) {
        self.sequence = sequence
        self.source = source
        self.id = id
        self.bytes = bytes
    }
}
