import Foundation
import RulebookCore
import RulebookSwiftSource
import RulebookWire

/// Checks one submitted spec: builds the feature model with the right front end and runs
/// the rules. Pure apart from the clock; the validator never opens files named in a spec.
public struct SpecChecker: Sendable {
    private let defaultEngine = RuleEngine()
    /// The default of ``maxSourceBytes``.
    public static let defaultMaxSourceBytes = 4 << 20
    /// Largest Swift source accepted per file.
    public var maxSourceBytes: Int

    public init(maxSourceBytes: Int = defaultMaxSourceBytes) {
        self.maxSourceBytes = maxSourceBytes
    }

    /// The `spec.validated` payload for `event`, or the taxonomy error to reject it with.
    public func check(_ event: CloudEvent<SpecSubmitted>, validator: String) throws(RulebookError) -> SpecValidated {
        let started = ContinuousClock.now
        let spec = event.data
        try IntakeDecoder.checkContent(of: spec)
        try spec.config?.validate()
        let engine = spec.config.map(RuleEngine.init(configuration:)) ?? defaultEngine
        let model: FeatureModel
        switch spec.origin {
        case .swiftSource:
            let files = spec.files ?? []
            for file in files {
                if file.contents.utf8.count > maxSourceBytes {
                    throw .sourceTooLarge(path: file.path, bytes: file.contents.utf8.count, limit: maxSourceBytes)
                }
                // Before SwiftSyntax: it would overflow the stack, or backtrack for hours.
                try SwiftNesting.check(file)
            }
            model = SwiftFeatureParser.model(
                featureName: spec.feature, files: files, dialect: spec.config?.dialect, project: spec.project)
        case .declared:
            model = DeclaredFeatureBuilder.model(of: spec.declared!, dialect: spec.config?.dialect)
        }
        let findings = engine.findings(for: model)
        let elapsed = ContinuousClock.now - started
        return SpecValidated(
            specId: event.id, specSource: event.source, feature: spec.feature, origin: spec.origin,
            dialect: model.dialect, findings: findings, validator: validator,
            durationMicros: Int(elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000))
    }
}
