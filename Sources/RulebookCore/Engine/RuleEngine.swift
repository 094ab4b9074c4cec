/// Runs the enabled rules over a feature and turns their violations into findings with
/// severity and fingerprint.
public struct RuleEngine: Sendable {
    /// Id of the diagnostic reported for Swift that did not parse cleanly.
    public static let parseErrorRuleId = "source-parse-error"

    private let rules: [any Rule]

    /// An engine running `rules` (default: the whole registry).
    public init(rules: [any Rule] = RuleRegistry.all.map { $0.init() }) {
        self.rules = rules
    }

    /// The findings for `feature`, sorted by location then rule id.
    public func findings(for feature: FeatureModel) -> [Finding] {
        let anchors = LineAnchors(sources: feature.sources)
        var findings: [Finding] = feature.parseProblems.map { problem in
            finding(
                ruleId: Self.parseErrorRuleId, severity: .note,
                violation: RuleViolation(location: problem.location, message: problem.message),
                anchors: anchors)
        }
        for rule in rules {
            let description = type(of: rule).description
            guard feature.dialect == .unknown || description.dialects.contains(feature.dialect) else {
                continue
            }
            for violation in rule.validate(feature) {
                findings.append(
                    finding(
                        ruleId: description.id, severity: violation.severity ?? description.defaultSeverity,
                        violation: violation, anchors: anchors))
            }
        }
        return findings.sorted { ($0.location, $0.ruleId) < ($1.location, $1.ruleId) }
    }

    private func finding(
        ruleId: String, severity: Severity, violation: RuleViolation, anchors: LineAnchors
    ) -> Finding {
        let location = violation.location
        let anchor = anchors.text(of: location)
        return Finding(
            ruleId: ruleId, severity: severity, message: violation.message, location: location,
            fingerprint: Fingerprint.make(ruleId: ruleId, file: location.file, anchor: anchor))
    }
}

/// The text a fingerprint is anchored to: the offending line for Swift sources, the JSON
/// pointer for declared specs.
private struct LineAnchors {
    let sources: [String: String]

    func text(of location: SourceLocation) -> String {
        if let pointer = location.pointer { return pointer }
        guard let line = location.line, let source = sources[location.file] else { return "" }
        var current = 1
        for text in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == line { return String(text) }
            current += 1
        }
        return ""
    }
}
