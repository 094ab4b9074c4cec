/// A rule of the rulebook. Each rule is a small type in its own file that inspects a
/// ``FeatureModel`` and reports ``RuleViolation``s; the ``RuleEngine`` turns those into
/// ``Finding``s with the configured severity and a fingerprint.
public protocol Rule: Sendable {
    /// The rule's identity, documentation and examples.
    static var description: RuleDescription { get }
    /// Creates the rule with options from the configuration (absent keys keep their
    /// defaults; keys are validated against ``RuleDescription/options`` beforehand).
    init(options: RuleOptions)
    /// The violations of this rule in `feature`.
    func validate(_ feature: FeatureModel) -> [RuleViolation]
}

extension Rule {
    /// The rule with its default options.
    public init() { self.init(options: RuleOptions()) }
}

/// A violation reported by a rule, before severity and fingerprint are applied.
public struct RuleViolation: Hashable, Sendable {
    /// Where the offending token is.
    public var location: SourceLocation
    /// What is wrong and what to do instead.
    public var message: String
    /// A severity other than the rule's default for this violation (e.g. a dialect where the
    /// rule is softer); configured severities still win.
    public var severity: Severity?
    /// The edit that makes the violation go away, when the rule can give one.
    public var fix: ProposedFix?

    public init(location: SourceLocation, message: String, severity: Severity? = nil, fix: ProposedFix? = nil) {
        self.location = location
        self.message = message
        self.severity = severity
        self.fix = fix
    }
}

/// A rule's identity and documentation. The examples double as the rule's tests.
public struct RuleDescription: Sendable {
    /// Public id; a contract named by reports, configs, suppressions and baselines.
    public var id: String
    /// Human title.
    public var name: String
    /// Severity unless configured otherwise.
    public var defaultSeverity: Severity
    /// One-line summary.
    public var summary: String
    /// Why the rule exists, in plain words that stand on their own.
    public var rationale: String
    /// Dialects the rule applies to.
    public var dialects: Set<Dialect>
    /// Code that must produce exactly the findings marked with `↓`.
    public var triggeringExamples: [RuleExample]
    /// Code that must produce no finding.
    public var nonTriggeringExamples: [RuleExample]
    /// Options the rule accepts in configuration.
    public var options: [RuleOptionDescription]
    /// Off unless listed in `opt_in_rules`.
    public var isOptIn: Bool
    /// Whether the rule reports in test code (``FileFacts/isTestCode``). The features tests
    /// declare are fixtures, toys built to exercise the code under test, so most rules leave
    /// them alone; a rule about how tests set features up (their schedulers) checks them.
    /// `test_code: checked` in `.rulebook.yml` applies every rule to test code.
    public var appliesToTestCode: Bool
    /// Rules this one is more specific than: where both report the same token (`var
    /// dragOffset: CGSize` is drag state and geometry), only this one's finding is kept.
    public var supersedes: [String]
    /// What the rule's fixes do, as SwiftLint's corrections: code with `↓` at findings, and
    /// the code once their fixes are applied. Tests and docs; empty for a rule with no fix.
    public var corrections: [RuleCorrection]

    public init(
        id: String, name: String, defaultSeverity: Severity, summary: String, rationale: String,
        dialects: Set<Dialect> = [.legacy, .modern], options: [RuleOptionDescription] = [], isOptIn: Bool = false,
        appliesToTestCode: Bool = false, supersedes: [String] = [], triggeringExamples: [RuleExample],
        nonTriggeringExamples: [RuleExample], corrections: [RuleCorrection] = []
    ) {
        self.id = id
        self.name = name
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.dialects = dialects
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.options = options
        self.isOptIn = isOptIn
        self.appliesToTestCode = appliesToTestCode
        self.supersedes = supersedes
        self.corrections = corrections
    }
}

/// One correction of a rule: `before` with `↓` at each finding whose fix is applied, and the
/// code once they are. A ``FixKind/suggestion`` is applied only on review, never by `--fix`.
public struct RuleCorrection: Sendable {
    public var before: RuleExample
    public var after: String
    /// Whether the marked findings' fixes are fixes or suggestions.
    public var kind: FixKind

    public init(_ before: RuleExample, _ after: String, kind: FixKind = .fix) {
        self.before = before
        self.after = after
        self.kind = kind
    }
}

/// A Swift example for a rule. In triggering examples, `↓` marks the position of each
/// expected finding (it is removed before parsing).
public struct RuleExample: Sendable {
    /// The marker that precedes an offending token.
    public static let marker: Character = "↓"

    /// The Swift source, with `↓` markers.
    public var code: String
    /// The file name the example is parsed as (it decides, e.g., the legacy feature name).
    public var fileName: String
    /// Other files of the example's project, by path: what the rest of the project says
    /// (where a type is declared, what extends it) when that decides the finding. They are
    /// indexed for the example's project context, not checked.
    public var elsewhere: [(path: String, code: String)]

    public init(_ code: String, fileName: String = "Example.swift", elsewhere: [(path: String, code: String)] = []) {
        self.code = code
        self.fileName = fileName
        self.elsewhere = elsewhere
    }

    /// The source with markers removed.
    public var source: String { code.filter { $0 != Self.marker } }

    /// How the example reads in the docs: the other files of its project as comments first
    /// (`// Elsewhere in the project, Data/ProfileDTO.swift:`), then `text` (its code, with
    /// or without markers).
    public func documented(_ text: String) -> String {
        guard !elsewhere.isEmpty else { return text }
        let header = elsewhere.map { file in
            "// Elsewhere in the project, \(file.path):\n" + file.code.split(separator: "\n", omittingEmptySubsequences: false).map { "//   \($0)" }.joined(separator: "\n")
        }
        return (header + ["// \(fileName):", text]).joined(separator: "\n")
    }

    /// The 1-based (line, column) of each marker in the cleaned source, column in UTF-8 bytes.
    public var markedPositions: [(line: Int, column: Int)] {
        var positions: [(Int, Int)] = []
        var line = 1
        var column = 1
        for character in code {
            if character == Self.marker {
                positions.append((line, column))
            } else if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.utf8.count
            }
        }
        return positions
    }
}
