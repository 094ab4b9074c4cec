import Foundation
import RulebookCore
import RulebookWire

/// One input through every decoder that sees untrusted bytes, the way the workers use them:
/// - `EventCodec.inspect` (validator and persister, every frame they pull);
/// - `IntakeDecoder.decode` (the producer's intake: CloudEvents or bare declared specs);
/// - `DeclaredSpecDecoder.decode` (the scanner, for `*.rulebook.json` files);
/// then, for each spec that decodes, the declared front end and the rules, and the answer
/// the worker would send must decode again. Decoding errors are fine (they are answered with
/// a taxonomy code); a crash, hang or broken answer is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEnvelope(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    EnvelopeHarness.run(bytes)
    return 0
}

enum EnvelopeHarness {
    static let codec = EventCodec()
    static let intake = IntakeDecoder(source: "urn:rulebook:fuzz", defaultRunId: "fuzz-run")
    /// Every rule, opt-in ones included, so the fuzzer reaches all of them.
    static let everyRule = RuleEngine(
        configuration: RuleConfiguration(
            optInRules: RuleRegistry.all.filter { $0.description.isOptIn }.map { $0.description.id }))

    static func run(_ bytes: [UInt8]) {
        // Validator and persister.
        let inspected = codec.inspect(bytes)
        switch inspected.event {
        case .success(let event):
            reencode(event)
            if case .specSubmitted(let submitted) = event { check(submitted) }
        case .failure(let error):
            answer(error, identity: inspected.identity, excerpt: bytes)
        }
        // Producer intake.
        do {
            switch try intake.decode(bytes) {
            case .spec(let event): check(event)
            case .runOpened(let event): expectDecodes(codec.encode(event))
            }
        } catch {
            answer(error, identity: inspected.identity, excerpt: bytes)
        }
        // Scanner: a `*.rulebook.json` file.
        if let spec = try? DeclaredSpecDecoder.decode(Data(bytes)) {
            check(CloudEvent(source: "urn:rulebook:fuzz", runId: nil, data: SpecSubmitted(feature: spec.feature, origin: .declared, declared: spec)))
        }
    }

    /// What the validator does with a decoded spec, minus the Swift front end (that is
    /// `FuzzSwiftFrontEnd`'s job): content and configuration checks, the declared model, the
    /// rules (as configured and all of them), and the `spec.validated` answer.
    static func check(_ event: CloudEvent<SpecSubmitted>) {
        let spec = event.data
        do throws(RulebookError) {
            try IntakeDecoder.checkContent(of: spec)
            try spec.config?.validate()
        } catch {
            answer(error, identity: EventIdentity(id: event.id, source: event.source, runid: event.runid), excerpt: [])
            return
        }
        let configured = spec.config.map(RuleEngine.init(configuration:)) ?? RuleEngine()
        guard spec.origin == .declared, var declared = spec.declared else { return }
        declared.dialect = spec.config?.dialect ?? declared.dialect
        let model = DeclaredFeatureBuilder.model(of: declared)
        let findings = configured.findings(for: model)
        _ = everyRule.findings(for: model)
        let validated = SpecValidated(
            specId: event.id, specSource: event.source, feature: spec.feature, origin: spec.origin,
            dialect: model.dialect, findings: findings, validator: "fuzz", durationMicros: 1)
        expectDecodes(codec.encode(CloudEvent(source: "urn:rulebook:fuzz", runId: event.runid, data: validated)))
    }

    /// The `spec.rejected` event a worker answers a bad message with must reach the persister.
    static func answer(_ error: any Error, identity: EventIdentity, excerpt: [UInt8]) {
        guard let error = error as? RulebookError else { fatalError("not a taxonomy error: \(error)") }
        let rejection = SpecRejected(
            specId: identity.id, specSource: identity.source, error: error, stage: .validator,
            excerpt: String(decoding: excerpt.prefix(160), as: UTF8.self))
        expectDecodes(codec.encode(CloudEvent(source: "urn:rulebook:fuzz", runId: identity.runid, data: rejection)))
    }

    /// A decoded event, encoded again (as the producer forwards it), decodes again.
    static func reencode(_ event: IncomingEvent) {
        switch event {
        case .specSubmitted(let event): expectDecodes(codec.encode(event))
        case .specValidated(let event): expectDecodes(codec.encode(event))
        case .specRejected(let event): expectDecodes(codec.encode(event))
        case .runOpened(let event): expectDecodes(codec.encode(event))
        case .runCompleted(let event): expectDecodes(codec.encode(event))
        case .specPersisted(let event): expectDecodes(codec.encode(event))
        case .workerHeartbeat(let event): expectDecodes(codec.encode(event))
        }
    }

    static func expectDecodes(_ bytes: [UInt8]) {
        do {
            _ = try codec.decode(bytes)
        } catch {
            fatalError("an event Rulebook encoded does not decode: \(error)\n\(String(decoding: bytes.prefix(2000), as: UTF8.self))")
        }
    }
}
