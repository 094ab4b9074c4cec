/// How rules treat test code (``FileFacts/isTestCode``): `test_code` in `.rulebook.yml`.
public enum TestCodePolicy: String, Codable, Sendable, CaseIterable {
    /// The default: the features tests declare are fixtures; only the rules that apply to
    /// test code (``RuleDescription/appliesToTestCode``) report there.
    case fixtures
    /// Every rule reports in test code too.
    case checked
}

/// Which rules run and how, as configured in `.rulebook.yml`. Travels inside every
/// `spec.submitted` event so stateless validators apply the submitter's configuration.
public struct RuleConfiguration: Codable, Hashable, Sendable {
    /// Rule ids switched off.
    public var disabledRules: [String]
    /// Opt-in rule ids switched on.
    public var optInRules: [String]
    /// Severity overrides by rule id.
    public var severities: [String: Severity]
    /// Option values by rule id.
    public var options: [String: RuleOptions]
    /// Forced dialect; `nil` detects it per spec.
    public var dialect: Dialect?
    /// How test code is checked; `nil` means ``TestCodePolicy/fixtures``.
    public var testCode: TestCodePolicy?

    public init(
        disabledRules: [String] = [], optInRules: [String] = [], severities: [String: Severity] = [:],
        options: [String: RuleOptions] = [:], dialect: Dialect? = nil, testCode: TestCodePolicy? = nil
    ) {
        self.disabledRules = disabledRules
        self.optInRules = optInRules
        self.severities = severities
        self.options = options
        self.dialect = dialect
        self.testCode = testCode
    }

    private enum CodingKeys: String, CodingKey {
        case disabledRules, optInRules, severities, options, dialect, testCode
    }

    /// Every member is optional on the wire; absent ones mean the defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        disabledRules = try container.decodeIfPresent([String].self, forKey: .disabledRules) ?? []
        optInRules = try container.decodeIfPresent([String].self, forKey: .optInRules) ?? []
        severities = try container.decodeIfPresent([String: Severity].self, forKey: .severities) ?? [:]
        options = try container.decodeIfPresent([String: RuleOptions].self, forKey: .options) ?? [:]
        dialect = try container.decodeIfPresent(Dialect.self, forKey: .dialect)
        testCode = try container.decodeIfPresent(TestCodePolicy.self, forKey: .testCode)
    }

    /// The rules this configuration enables, built with their options.
    public func enabledRules() -> [any Rule] {
        RuleRegistry.all.compactMap { rule in
            let id = rule.description.id
            guard !disabledRules.contains(id), !rule.description.isOptIn || optInRules.contains(id) else { return nil }
            return rule.init(options: options[id] ?? RuleOptions())
        }
    }

    /// Every id this configuration names must be a rule, and every option a known option
    /// of its rule; a violation is a configuration error naming the key.
    public func validate() throws(RulebookError) {
        let named = [("disabled_rules", disabledRules), ("opt_in_rules", optInRules), ("severity", Array(severities.keys)), ("options", Array(options.keys))]
        for (key, ids) in named {
            for id in ids where RuleRegistry.rule(id: id) == nil {
                throw .invalidConfiguration("unknown rule id '\(id)' in \(key)\(Self.suggestion(for: id))")
            }
        }
        for (id, values) in options.sorted(by: { $0.key < $1.key }) {
            let declared = RuleRegistry.rule(id: id)!.description.options
            for (key, value) in values.values.sorted(by: { $0.key < $1.key }) {
                guard let option = declared.first(where: { $0.key == key }) else { throw Self.unknownOption(key, of: id) }
                guard option.kind.canonical(value) != nil else {
                    throw .invalidConfiguration("option '\(id).\(key)' must be \(option.kind.expected), not \(value.text)")
                }
            }
        }
    }

    /// The error of an option `key` the rule `id` does not declare.
    static func unknownOption(_ key: String, of id: String) -> RulebookError {
        let known = (RuleRegistry.rule(id: id)?.description.options ?? []).map(\.key).sorted()
        let list = known.isEmpty ? "it takes no options" : "its options are \(known.joined(separator: ", "))"
        return .invalidConfiguration("unknown option '\(id).\(key)': \(list)")
    }

    /// ` (did you mean 'x'?)` for a near miss of a rule id.
    public static func suggestion(for id: String) -> String {
        let ids = RuleRegistry.all.map { $0.description.id }
        let distance = EditDistance.between
        guard let best = ids.min(by: { distance($0, id) < distance($1, id) }), distance(best, id) <= 3 else { return "" }
        return " (did you mean '\(best)'?)"
    }
}
