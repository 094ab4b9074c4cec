import Foundation
import RulebookCore
import RulebookPipeline
import RulebookWire

/// The question of issue 19, measured: what does each hot event cost to decode and encode
/// with Rulebook's codec (its hand-written fast path) against Foundation's `JSONDecoder` and
/// `JSONEncoder` alone? Both over the same bytes: the declared spec the intake forwards, the
/// validator's result and the persister's ack. Foundation alone skips the checks the codec
/// adds (nesting depth, duplicate keys), so its figure is a floor for a Foundation design.
enum CodecComparison {
    /// Microseconds per event (decode + encode) of one event type, both ways.
    struct Row: Codable {
        var event: String
        var codecMicros: Double
        var foundationMicros: Double
    }

    static func measure(template: SpecTemplate, count: Int) throws -> [Row] {
        var template = template
        let codec = EventCodec()
        let submitted = (0..<count).map { template.event($0) }
        guard case .success(.specSubmitted(let spec)) = codec.inspect(submitted[0]).event else {
            throw BenchFailure("the bench spec does not decode")
        }
        let result = try SpecChecker().check(spec, validator: "validator-bench")
        let validated = codec.encode(CloudEvent(source: "rulebook://bench/validator", runId: spec.runid, data: result))
        let ack = SpecPersisted(
            runId: spec.runid ?? "run", specId: spec.id, specSource: spec.source, status: .validated, duplicate: false,
            feature: result.feature, findings: result.findings)
        let persisted = codec.encode(CloudEvent(source: "rulebook://bench/persister", runId: spec.runid, data: ack))
        return [
            try row("spec.submitted (declared)", submitted, as: SpecSubmitted.self, codec: codec),
            try row("spec.validated", Array(repeating: validated, count: count), as: SpecValidated.self, codec: codec),
            try row("spec.persisted", Array(repeating: persisted, count: count), as: SpecPersisted.self, codec: codec),
        ]
    }

    private static func row<P: EventPayload>(_ name: String, _ frames: [[UInt8]], as: P.Type, codec: EventCodec) throws -> Row {
        let viaCodec = try micros(frames.count) {
            for bytes in frames {
                guard let event = try? codec.decode(bytes) else { throw BenchFailure("\(name) does not decode") }
                _ = encoded(event, codec: codec)
            }
        }
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        let viaFoundation = try micros(frames.count) {
            for bytes in frames {
                let event = try decoder.decode(CloudEvent<P>.self, from: Data(bytes))
                _ = try encoder.encode(event)
            }
        }
        return Row(event: name, codecMicros: viaCodec, foundationMicros: viaFoundation)
    }

    private static func encoded(_ event: IncomingEvent, codec: EventCodec) -> Int {
        switch event {
        case .specSubmitted(let event): codec.encode(event).count
        case .specValidated(let event): codec.encode(event).count
        case .specPersisted(let event): codec.encode(event).count
        default: 0
        }
    }

    private static func micros(_ count: Int, _ body: () throws -> Void) throws -> Double {
        let started = ContinuousClock.now
        try body()
        return (ContinuousClock.now - started).seconds * 1e6 / Double(max(count, 1))
    }
}
