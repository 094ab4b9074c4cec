import Foundation
import RulebookCore
import RulebookPipeline
import RulebookStore
import RulebookWire

/// CPU time per declared spec of each worker's step, in process on one core: what the
/// producer's intake, a validator, the persister and the producer reading the ack each do
/// with one spec, without the sockets. It shows where the pipeline's CPU goes (the
/// throughput row measures the whole).
enum DeclaredSteps {
    /// Microseconds per spec, by step, over `count` specs.
    static func measure(template: SpecTemplate, count: Int, timeout: Duration) throws -> DeclaredStepFigures {
        var template = template
        let deadline = ContinuousClock.now + timeout
        let events = (0..<count).map { template.event($0) }
        let codec = EventCodec()

        let intake = IntakeDecoder(source: "rulebook://bench/intake", defaultRunId: "bench-run", codec: codec)
        var forwarded: [[UInt8]] = []
        forwarded.reserveCapacity(count)
        let intakeMicros = try micros(count, deadline) {
            for bytes in events {
                guard case .spec(let spec) = try intake.accept(bytes) else { throw BenchFailure("intake did not accept a bench spec") }
                forwarded.append(spec.forward)
            }
        }

        let checker = SpecChecker()
        var results: [[UInt8]] = []
        results.reserveCapacity(count)
        let validatorMicros = try micros(count, deadline) {
            for bytes in forwarded {
                guard case .success(.specSubmitted(let event)) = codec.inspect(bytes, expecting: .specSubmitted).event else {
                    throw BenchFailure("a validator could not read a forwarded spec")
                }
                let result = try checker.check(event, validator: "validator-bench")
                results.append(codec.encode(CloudEvent(source: "rulebook://bench/validator", runId: event.runid, data: result)))
            }
        }

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rb-bench-steps-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var acks: [[UInt8]] = []
        acks.reserveCapacity(count)
        // Batches of 64, as the persister drains its socket under load.
        let persisterMicros = try micros(count, deadline) {
            try persist(results, batch: 64, in: folder.appendingPathComponent("batches.sqlite").path, codec: codec) { acks.append($0) }
        }
        // One spec per transaction, as the persister stores specs that arrive one at a time.
        let persisterSingleMicros = try micros(count, deadline) {
            try persist(results, batch: 1, in: folder.appendingPathComponent("single.sqlite").path, codec: codec) { _ in }
        }
        let ackMicros = try micros(count, deadline) {
            for bytes in acks where AckedSpec.inFrame(bytes, codec: codec) == nil {
                throw BenchFailure("the producer could not read an ack")
            }
        }
        return DeclaredStepFigures(
            specs: count, intakeMicros: intakeMicros, validatorMicros: validatorMicros, persisterMicros: persisterMicros,
            persisterSingleMicros: persisterSingleMicros, ackMicros: ackMicros)
    }

    /// The persister's step over `results`: decode each, store `batch` per transaction in a
    /// fresh database at `path`, encode each ack and hand it to `ack`.
    private static func persist(
        _ results: [[UInt8]], batch: Int, in path: String, codec: EventCodec, ack: ([UInt8]) -> Void
    ) throws {
        let store = try SQLiteResultStore(path: path)
        for start in stride(from: 0, to: results.count, by: batch) {
            var commands: [StoreCommand] = []
            for bytes in results[start..<min(start + batch, results.count)] {
                guard case .success(.specValidated(let event)) = codec.inspect(bytes, expecting: .specValidated).event else {
                    throw BenchFailure("the persister could not read a result")
                }
                commands.append(.validated(runId: event.runid ?? "unassigned", event.data))
            }
            for stored in try store.apply(commands).acks {
                ack(codec.encode(CloudEvent(source: "rulebook://bench/persister", runId: stored.runId, data: stored)))
            }
        }
    }

    /// Wall microseconds per spec of `body` over `count` specs.
    private static func micros(_ count: Int, _ deadline: ContinuousClock.Instant, _ body: () throws -> Void) throws -> Double {
        let started = ContinuousClock.now
        try body()
        guard ContinuousClock.now < deadline, !StopSignal.isRequested else {
            throw BenchFailure("the declared steps did not finish in time (or were interrupted)")
        }
        return (ContinuousClock.now - started).seconds * 1e6 / Double(max(count, 1))
    }
}

/// Microseconds of CPU per declared spec for each worker's step, in process.
struct DeclaredStepFigures: Codable {
    var specs: Int
    /// The producer: check the intake message, make the bytes to forward.
    var intakeMicros: Double
    /// A validator: decode the spec, build the model, run the rules, encode the result.
    var validatorMicros: Double
    /// The persister: decode the result, store it (batches of 64), encode the ack.
    var persisterMicros: Double
    /// The persister as at low load: the same with one spec per transaction.
    var persisterSingleMicros: Double
    /// The producer again: read the ack to take the spec out of its journal.
    var ackMicros: Double
}
