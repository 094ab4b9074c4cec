/// The spec a `spec.persisted` event acknowledges, read without decoding the rest: the
/// producer releases a spec from its journal on its ack and needs only its key, not the
/// findings an ack carries (nor any other event on the events socket).
public enum AckedSpec {
    /// The key of the spec acknowledged by `frame`, or `nil` when it is not a `spec.persisted`
    /// event. The frame is checked as strictly as JSON and read two levels deep (attributes and
    /// `data`'s members); a frame the skim cannot read is decoded in full by `codec`.
    public static func inFrame(_ frame: [UInt8], codec: EventCodec) -> SpecKey? {
        guard let event = try? JSONSkimmer.skim(frame, levels: 2, maxDepth: codec.maxDepth) else {
            guard case .success(.specPersisted(let ack)) = codec.inspect(frame).event else { return nil }
            return SpecKey(ack.data)
        }
        guard event.hasString("specversion", equalTo: "1.0"), event.hasString("type", equalTo: EventType.specPersisted.rawValue),
            let data = event.object("data"), let source = data.string("specSource"), let id = data.string("specId")
        else { return nil }
        return SpecKey(source: source, id: id)
    }
}
