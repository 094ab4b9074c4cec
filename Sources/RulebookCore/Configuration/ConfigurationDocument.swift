/// The `.rulebook.yml` document, parsed from the YAML loader's plain values. Pure: the
/// caller reads the file. Top-level keys: `included`, `excluded`, `disabled_rules`,
/// `opt_in_rules`, `dialect`, `test_code`, and any rule id with `severity` and that rule's options.
public struct ConfigurationDocument: Hashable, Sendable {
    /// Paths to check when none are given on the command line.
    public var included: [String]
    /// Globs of paths never checked.
    public var excluded: [String]
    /// What the validators apply.
    public var rules: RuleConfiguration
    /// The folder of the file it was read from (absolute; `nil` for the defaults): its
    /// `included` and `excluded` paths are relative to it, as SwiftLint's are.
    public var folder: String?

    public init(included: [String] = [], excluded: [String] = [], rules: RuleConfiguration = RuleConfiguration()) {
        self.included = included
        self.excluded = excluded
        self.rules = rules
    }

    static let topLevelKeys: Set<String> = ["included", "excluded", "disabled_rules", "opt_in_rules", "dialect", "test_code"]
    /// What `dialect` takes: `auto` detects each feature's.
    static let dialectValues = ["auto", Dialect.legacy.rawValue, Dialect.modern.rawValue]

    /// Parses the loaded YAML (`nil` for an empty file); unknown keys and rule ids are
    /// configuration errors (exit 2) that name the key.
    public static func parse(_ value: Any?) throws(RulebookError) -> ConfigurationDocument {
        guard let value else { return ConfigurationDocument() }
        guard let root = value as? [String: Any] else {
            throw .invalidConfiguration("the top level must be a mapping of keys")
        }
        var document = ConfigurationDocument()
        for key in root.keys.sorted() {
            let entry = root[key]!
            switch key {
            case "included": document.included = try strings(entry, key: key)
            case "excluded": document.excluded = try strings(entry, key: key)
            case "disabled_rules": document.rules.disabledRules = try strings(entry, key: key)
            case "opt_in_rules": document.rules.optInRules = try strings(entry, key: key)
            case "dialect":
                guard let text = entry as? String, dialectValues.contains(text) else {
                    throw .invalidConfiguration("'dialect' must be auto, legacy or modern")
                }
                document.rules.dialect = text == "auto" ? nil : Dialect(rawValue: text)
            case "test_code":
                guard let text = entry as? String, let policy = TestCodePolicy(rawValue: text) else {
                    throw .invalidConfiguration("'test_code' must be \(TestCodePolicy.allCases.map(\.rawValue).joined(separator: " or "))")
                }
                document.rules.testCode = policy
            default:
                guard RuleRegistry.rule(id: key) != nil else {
                    throw .invalidConfiguration("unknown key '\(key)'\(RuleConfiguration.suggestion(for: key)); expected \(topLevelKeys.sorted().joined(separator: ", ")) or a rule id")
                }
                try parseRule(key, entry, into: &document.rules)
            }
        }
        try document.rules.validate()
        return document
    }

    private static func parseRule(_ id: String, _ entry: Any, into rules: inout RuleConfiguration) throws(RulebookError) {
        guard let settings = entry as? [String: Any] else {
            throw .invalidConfiguration("'\(id)' must be a mapping (severity and options)")
        }
        var options: [String: FlatJSONValue] = [:]
        let declared = RuleRegistry.rule(id: id)?.description.options ?? []
        for key in settings.keys.sorted() {
            if key == "severity" {
                guard let text = settings[key] as? String, let severity = Severity(rawValue: text) else {
                    throw .invalidConfiguration("'\(id).severity' must be error, warning or note")
                }
                rules.severities[id] = severity
            } else if let option = declared.first(where: { $0.key == key }) {
                guard let value = option.kind.value(fromYAML: settings[key]!) else {
                    throw .invalidConfiguration("'\(id).\(key)' must be \(option.kind.expected), not \(Self.quoted(settings[key]!))")
                }
                options[key] = value
            } else {
                throw RuleConfiguration.unknownOption(key, of: id)
            }
        }
        if !options.isEmpty { rules.options[id] = RuleOptions(options) }
    }

    /// A YAML value as a message quotes it.
    private static func quoted(_ value: Any) -> String {
        switch value {
        case let text as String: "'\(text)'"
        case let list as [Any]: "[" + list.map(quoted).joined(separator: ", ") + "]"
        case let mapping as [String: Any]: "a mapping of \(mapping.count) keys"
        default: "\(value)"
        }
    }

    private static func strings(_ value: Any, key: String) throws(RulebookError) -> [String] {
        if let text = value as? String { return [text] }
        guard let list = value as? [Any], list.allSatisfy({ $0 is String }) else {
            throw .invalidConfiguration("'\(key)' must be a list of strings")
        }
        return list.map { $0 as! String }
    }
}
