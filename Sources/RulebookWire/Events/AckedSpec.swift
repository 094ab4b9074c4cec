/// The spec a `spec.persisted` event acknowledges, read without decoding the rest: the
/// producer releases a spec from its journal on its ack and needs only its source and id,
/// not the findings an ack carries (nor any other event on the events socket).
public struct AckedSpec: Equatable, Sendable {
    /// The acknowledged spec's `source` attribute.
    public let source: String
    /// The acknowledged spec's event id.
    public let id: String

    public init(source: String, id: String) {
        self.source = source
        self.id = id
    }

    /// The spec acknowledged by `frame`, or `nil` when it is not a `spec.persisted` event.
    /// The frame is checked as strictly as JSON and read two levels deep (attributes and
    /// `data`'s members); a frame the skim cannot read is decoded in full by `codec`.
    public static func inFrame(_ frame: [UInt8], codec: EventCodec) -> AckedSpec? {
        guard let event = try? JSONSkimmer.skim(frame, levels: 2, maxDepth: codec.maxDepth) else {
            guard case .success(.specPersisted(let ack)) = codec.inspect(frame).event else { return nil }
            return AckedSpec(source: ack.data.specSource, id: ack.data.specId)
        }
        guard event.hasString("specversion", equalTo: "1.0"), event.hasString("type", equalTo: EventType.specPersisted.rawValue),
            let data = event.object("data"), let source = data.string("specSource"), let id = data.string("specId")
        else { return nil }
        return AckedSpec(source: source, id: id)
    }
}
