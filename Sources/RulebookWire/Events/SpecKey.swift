/// What names a spec everywhere in the pipeline: its CloudEvents `source` and `id`, the key
/// the persister stores it under, the producer journals it under and every ack names. Two
/// messages with the same key are copies of one spec (a resend), whichever run or bytes they
/// carry; the same `id` from another source is another spec.
public struct SpecKey: Hashable, Sendable {
    public var source: String
    public var id: String

    public init(source: String, id: String) {
        self.source = source
        self.id = id
    }

    /// The key of the spec `event` submits.
    public init(_ event: CloudEvent<SpecSubmitted>) {
        self.init(source: event.source, id: event.id)
    }

    /// The key of the spec `ack` acknowledges.
    public init(_ ack: SpecPersisted) {
        self.init(source: ack.specSource, id: ack.specId)
    }
}
