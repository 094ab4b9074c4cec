/// How `environment-missing-live` and `environment-missing-mock` treat a child feature's
/// environment that its parent builds from its own (`.pullback(…, environment: { … })`):
/// the `child_environments` option, `exempt` (the default) or `report`.
struct ChildEnvironments {
    /// The option's key.
    static let key = "child_environments"
    /// The value that reports child environments like any other.
    static let report = "report"
    /// What the option documents.
    static func option(_ summary: String) -> RuleOptionDescription {
        RuleOptionDescription(key: key, summary: summary, kind: .choice(["exempt", report]), default: .string("exempt"))
    }

    /// Whether child environments are reported like any other.
    let reported: Bool

    init(_ options: RuleOptions) {
        reported = options.string(Self.key, default: nil) == Self.report
    }
}
