/// Runs the enabled rules over a feature and turns their violations into findings with
/// severity (configured, else the violation's, else the rule's default), a fingerprint,
/// and inline suppression comments applied.
public struct RuleEngine: Sendable {
    /// Id of the note reported for Swift that did not parse cleanly.
    public static let parseErrorRuleId = "source-parse-error"
    /// Id of the note reported for an unknown rule id in a suppression comment.
    public static let unknownSuppressionRuleId = "suppression-unknown-rule"

    private let rules: [EnabledRule]

    /// An engine running the rules `configuration` enables.
    public init(configuration: RuleConfiguration = RuleConfiguration()) {
        self.rules = configuration.enabledRules().map { EnabledRule($0, severities: configuration.severities) }
    }

    /// An engine running exactly `rules` with their default severities.
    public init(rules: [any Rule]) {
        self.rules = rules.map { EnabledRule($0, severities: [:]) }
    }

    /// The findings for `feature`, sorted by location then rule id.
    public func findings(for feature: FeatureModel) -> [Finding] {
        let anchors = LineAnchors(sources: feature.sources)
        var findings: [Finding] = feature.parseProblems.map { problem in
            finding(
                ruleId: Self.parseErrorRuleId, severity: .note,
                violation: RuleViolation(location: problem.location, message: problem.message), anchors: anchors)
        }
        for enabled in rules where enabled.applies(to: feature.dialect) {
            for violation in enabled.rule.validate(feature) {
                let severity = enabled.configuredSeverity ?? violation.severity ?? enabled.defaultSeverity
                findings.append(finding(ruleId: enabled.id, severity: severity, violation: violation, anchors: anchors))
            }
        }
        let suppressions = feature.sources.mapValues(Suppressions.init(source:))
        findings = findings.filter { finding in
            guard let line = finding.line, let fileSuppressions = suppressions[finding.file] else { return true }
            return !fileSuppressions.suppresses(ruleId: finding.ruleId, line: line)
        }
        for (file, fileSuppressions) in suppressions {
            for named in fileSuppressions.named where named.id != "all" && RuleRegistry.rule(id: named.id) == nil
                && ![Self.parseErrorRuleId, Self.unknownSuppressionRuleId].contains(named.id)
            {
                let message = "`\(named.id)` in a rulebook suppression comment is not a rule id\(RuleConfiguration.suggestion(for: named.id)); see `rulebook rules`"
                findings.append(
                    finding(
                        ruleId: Self.unknownSuppressionRuleId, severity: .warning,
                        violation: RuleViolation(location: SourceLocation(file: file, line: named.line, column: named.column), message: message),
                        anchors: anchors))
            }
        }
        return findings.sorted { ($0.location, $0.ruleId) < ($1.location, $1.ruleId) }
    }

    private func finding(ruleId: String, severity: Severity, violation: RuleViolation, anchors: LineAnchors) -> Finding {
        let location = violation.location
        return Finding(
            ruleId: ruleId, severity: severity, message: violation.message, location: location,
            fingerprint: Fingerprint.make(ruleId: ruleId, file: location.file, anchor: anchors.text(of: location)))
    }
}

/// A rule with what the engine reads of its description, taken once (a description, with
/// its examples, is costly to copy for every spec). A class: the engine walks its rules for
/// every spec, and a class reference is one reference count to copy.
private final class EnabledRule: Sendable {
    let rule: any Rule
    let id: String
    /// Whether the rule runs on each dialect (any rule runs on a feature of unknown dialect),
    /// read without hashing the dialect's name per spec.
    private let runsOnLegacy: Bool
    private let runsOnModern: Bool
    let defaultSeverity: Severity
    /// The severity `.rulebook.yml` gives the rule, if any.
    let configuredSeverity: Severity?

    init(_ rule: any Rule, severities: [String: Severity]) {
        let description = type(of: rule).description
        self.rule = rule
        id = description.id
        runsOnLegacy = description.dialects.contains(.legacy)
        runsOnModern = description.dialects.contains(.modern)
        defaultSeverity = description.defaultSeverity
        configuredSeverity = severities[description.id]
    }

    func applies(to dialect: Dialect) -> Bool {
        switch dialect {
        case .legacy: runsOnLegacy
        case .modern: runsOnModern
        case .unknown: true
        }
    }
}

/// The text a fingerprint is anchored to: the offending line for Swift sources, the JSON
/// pointer for declared specs.
private struct LineAnchors {
    let sources: [String: String]

    func text(of location: SourceLocation) -> String {
        if let pointer = location.pointer { return pointer }
        guard let line = location.line, var source = sources[location.file] else { return "" }
        // Lines end at a `\n` Character: a LF byte not preceded by CR (CR LF is one Character).
        return source.withUTF8 { bytes in
            var current = 1
            var start = 0
            for index in bytes.indices where bytes[index] == 0x0A && (index == 0 || bytes[index - 1] != 0x0D) {
                if current == line { return String(decoding: bytes[start..<index], as: UTF8.self) }
                current += 1
                start = index + 1
            }
            return current == line ? String(decoding: bytes[start...], as: UTF8.self) : ""
        }
    }
}
