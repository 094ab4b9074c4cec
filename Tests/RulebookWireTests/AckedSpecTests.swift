import RulebookCore
@testable import RulebookWire
import Testing

/// The producer releases a spec on its ack: `AckedSpec` finds the acknowledged spec in a
/// `spec.persisted` frame, findings and all, and nothing in any other frame.
struct AckedSpecTests {
    let codec = EventCodec()

    @Test func readsTheAcknowledgedSpecOfAnAckWithFindings() {
        let ack = SpecPersisted(
            runId: "r", specId: "spec-1", specSource: "rulebook://client/1", status: .validated, duplicate: false, feature: "Login",
            findings: [PerSpecEventCodecTests.finding, PerSpecEventCodecTests.pointerFinding])
        let frame = codec.encode(CloudEvent(source: "rulebook://persister/1", runId: "r", data: ack))
        #expect(AckedSpec.inFrame(frame, codec: codec) == SpecKey(source: "rulebook://client/1", id: "spec-1"))
    }

    @Test func decodesInFullWhatTheSkimCannotRead() {
        // A fraction is not on the fast path: the frame is decoded by Foundation, which ignores the extra member.
        let frame = Array(
            #"""
            {"specversion":"1.0","type":"dev.rulebook.spec.persisted","id":"e","source":"p",
             "data":{"runId":"r","specId":"s\u00e9","specSource":"src","status":"validated","duplicate":false,"weight":1.5}}
            """#.utf8)
        #expect(AckedSpec.inFrame(frame, codec: codec) == SpecKey(source: "src", id: "sé"))
    }

    @Test func findsNothingInOtherFrames() {
        let heartbeat = codec.encode(
            CloudEvent(
                source: "s", runId: nil,
                data: WorkerHeartbeat(worker: "w", role: .validator, pid: 1, received: 0, processed: 0, rejected: 0, intervalMillis: 1)))
        let validated = Array(
            #"{"specversion":"1.0","type":"dev.rulebook.spec.validated","id":"e","source":"p","data":{"specId":"s","specSource":"src"}}"#.utf8)
        let wrongVersion = Array(
            #"{"specversion":"0.3","type":"dev.rulebook.spec.persisted","id":"e","source":"p","data":{"specId":"s","specSource":"src"}}"#.utf8)
        for frame in [heartbeat, validated, wrongVersion, Array("not json".utf8), Array("{}".utf8)] {
            #expect(AckedSpec.inFrame(frame, codec: codec) == nil, "\(String(decoding: frame, as: UTF8.self))")
        }
    }
}
