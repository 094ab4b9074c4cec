/// Runs the enabled rules over a feature and turns their violations into findings with
/// severity (configured, else the violation's, else the rule's default), a fingerprint,
/// and inline suppression comments applied.
public struct RuleEngine: Sendable {
    /// Id of the note reported for Swift that did not parse cleanly.
    public static let parseErrorRuleId = "source-parse-error"
    /// Severity of ``parseErrorRuleId`` findings.
    public static let parseErrorSeverity = Severity.note
    /// Id of the warning reported for an unknown rule id in a suppression comment.
    public static let unknownSuppressionRuleId = "suppression-unknown-rule"
    /// Severity of ``unknownSuppressionRuleId`` findings.
    public static let unknownSuppressionSeverity = Severity.warning
    /// Id of the warning reported for a suppression comment that suppressed nothing (as
    /// SwiftLint's `superfluous_disable_command`): the finding it was written for is gone.
    public static let unusedSuppressionRuleId = "suppression-unused"
    /// Severity of ``unusedSuppressionRuleId`` findings.
    public static let unusedSuppressionSeverity = Severity.warning

    private let rules: [EnabledRule]
    /// Whether every rule reports in test code, not only those that apply to it.
    private let checksTestCode: Bool

    /// An engine running the rules `configuration` enables.
    public init(configuration: RuleConfiguration = RuleConfiguration()) {
        self.rules = configuration.enabledRules().map { EnabledRule($0, severities: configuration.severities) }
        checksTestCode = configuration.testCode == .checked
    }

    /// An engine running exactly `rules` with their default severities.
    public init(rules: [any Rule], testCode: TestCodePolicy = .fixtures) {
        self.rules = rules.map { EnabledRule($0, severities: [:]) }
        checksTestCode = testCode == .checked
    }

    /// The findings for `feature`, sorted by location then rule id.
    public func findings(for feature: FeatureModel) -> [Finding] {
        let anchors = LineAnchors(sources: feature.sources)
        var findings: [Finding] = feature.parseProblems.map { problem in
            finding(
                ruleId: Self.parseErrorRuleId, severity: Self.parseErrorSeverity,
                violation: RuleViolation(location: problem.location, message: problem.message), anchors: anchors)
        }
        let places = FilePlaces(feature.files)
        for enabled in rules where enabled.applies(to: feature.dialect) {
            for violation in enabled.rule.validate(feature) {
                let file = violation.location.file
                if places.manifests.contains(file) { continue }
                if !checksTestCode, !enabled.appliesToTestCode, places.testCode.contains(file) { continue }
                let severity = enabled.configuredSeverity ?? violation.severity ?? enabled.defaultSeverity
                var found = finding(ruleId: enabled.id, severity: severity, violation: violation, anchors: anchors)
                found.fix = violation.fix?.placed(for: feature.origin, in: feature.sources)
                findings.append(found)
            }
        }
        findings = Self.withoutSuperseded(findings, by: rules)
        let suppressions = feature.sources.mapValues(Suppressions.init(source:))
        var used: [String: Set<Int>] = [:]
        findings = findings.filter { finding in
            guard let line = finding.line, let fileSuppressions = suppressions[finding.file] else { return true }
            let suppressing = fileSuppressions.regions(suppressing: finding.ruleId, line: line)
            used[finding.file, default: []].formUnion(suppressing)
            return suppressing.isEmpty
        }
        findings += unusedSuppressions(suppressions, used: used, anchors: anchors)
        for (file, fileSuppressions) in suppressions {
            for named in fileSuppressions.named where named.id != "all" && RuleRegistry.rule(id: named.id) == nil
                && ![Self.parseErrorRuleId, Self.unknownSuppressionRuleId].contains(named.id)
            {
                let message = "`\(named.id)` in a rulebook suppression comment is not a rule id\(RuleConfiguration.suggestion(for: named.id)); see `rulebook rules`"
                findings.append(
                    finding(
                        ruleId: Self.unknownSuppressionRuleId, severity: Self.unknownSuppressionSeverity,
                        violation: RuleViolation(
                            location: SourceLocation(
                                file: file, line: named.line, column: named.column, endLine: named.line, endColumn: named.endColumn),
                            message: message),
                        anchors: anchors))
            }
        }
        findings.sort(by: Self.isOrdered)
        return Self.withoutRepeats(findings)
    }

    /// A warning at each suppression comment of a known rule (or `all`) that suppressed no finding.
    private func unusedSuppressions(_ suppressions: [String: Suppressions], used: [String: Set<Int>], anchors: LineAnchors) -> [Finding] {
        suppressions.flatMap { file, fileSuppressions in
            fileSuppressions.regions.indices.compactMap { index -> Finding? in
                let region = fileSuppressions.regions[index]
                guard !(used[file]?.contains(index) ?? false), region.id == "all" || RuleRegistry.rule(id: region.id) != nil else { return nil }
                let comment = region.comment
                return finding(
                    ruleId: Self.unusedSuppressionRuleId, severity: Self.unusedSuppressionSeverity,
                    violation: RuleViolation(
                        location: SourceLocation(file: file, line: comment.line, column: comment.column, endLine: comment.line, endColumn: comment.endColumn),
                        message: "this suppression of `\(region.id)` suppresses nothing; remove it (the finding it was written for is gone)"),
                    anchors: anchors)
            }
        }
    }

    /// `findings` without those a more specific rule reports at the same token
    /// (``RuleDescription/supersedes``): one finding per token.
    private static func withoutSuperseded(_ findings: [Finding], by rules: [EnabledRule]) -> [Finding] {
        let superseding = rules.filter { !$0.supersedes.isEmpty }
        guard !superseding.isEmpty else { return findings }
        var covered: Set<Covered> = []
        for finding in findings {
            for rule in superseding where rule.id == finding.ruleId {
                for other in rule.supersedes { covered.insert(Covered(ruleId: other, start: finding.location.start)) }
            }
        }
        guard !covered.isEmpty else { return findings }
        return findings.filter { !covered.contains(Covered(ruleId: $0.ruleId, start: $0.location.start)) }
    }

    /// A rule's finding at a place that a more specific rule's finding covers.
    private struct Covered: Hashable {
        var ruleId: String
        var start: SourceLocation
    }

    /// The order of findings: by where they start (file, line, column, pointer), then rule,
    /// then where they end. A finding's range is left to last so that the findings of one
    /// rule at one place stay together whatever their ends (``withoutRepeats(_:)``).
    static func isOrdered(_ lhs: Finding, before rhs: Finding) -> Bool {
        let left = (lhs.file, lhs.line ?? 0, lhs.column ?? 0, lhs.pointer ?? "", lhs.ruleId)
        let right = (rhs.file, rhs.line ?? 0, rhs.column ?? 0, rhs.pointer ?? "", rhs.ruleId)
        if left != right { return left < right }
        return (lhs.endLine ?? 0, lhs.endColumn ?? 0) < (rhs.endLine ?? 0, rhs.endColumn ?? 0)
    }

    /// `sorted` (``isOrdered(_:before:)``) without a finding said twice, which is noise
    /// whatever made it: the first of equal findings stays. Equal findings (same rule and
    /// message where they start) sit in one run of the same place and rule, so only that run
    /// is compared.
    static func withoutRepeats(_ sorted: [Finding]) -> [Finding] {
        var unique: [Finding] = []
        unique.reserveCapacity(sorted.count)
        for finding in sorted {
            let start = finding.location.start
            var index = unique.count - 1
            var repeated = false
            while index >= 0, unique[index].ruleId == finding.ruleId, unique[index].location.start == start {
                if unique[index].message == finding.message {
                    repeated = true
                    break
                }
                index -= 1
            }
            if !repeated { unique.append(finding) }
        }
        return unique
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
    /// Whether the rule reports in test code by default.
    let appliesToTestCode: Bool
    /// The rules it is more specific than.
    let supersedes: [String]

    init(_ rule: any Rule, severities: [String: Severity]) {
        let description = type(of: rule).description
        self.rule = rule
        id = description.id
        runsOnLegacy = description.dialects.contains(.legacy)
        runsOnModern = description.dialects.contains(.modern)
        defaultSeverity = description.defaultSeverity
        configuredSeverity = severities[description.id]
        appliesToTestCode = description.appliesToTestCode
        supersedes = description.supersedes
    }

    func applies(to dialect: Dialect) -> Bool {
        switch dialect {
        case .legacy: runsOnLegacy
        case .modern: runsOnModern
        case .unknown: true
        }
    }
}

/// The spec's build manifests and test-code files, by path.
private struct FilePlaces {
    var manifests: Set<String> = []
    var testCode: Set<String> = []

    init(_ files: [FileFacts]) {
        for file in files {
            if file.isBuildManifest { manifests.insert(file.path) }
            if file.isTestCode { testCode.insert(file.path) }
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
