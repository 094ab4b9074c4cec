/// Counts of a completed run.
public struct RunSummary: Codable, Hashable, Sendable {
    /// Specs stored (validated + rejected).
    public var specs: Int
    public var validated: Int
    public var rejected: Int
    /// Findings by severity.
    public var errors: Int
    public var warnings: Int
    public var notes: Int
    /// Results that arrived again for an already stored spec.
    public var duplicates: Int

    public init(specs: Int = 0, validated: Int = 0, rejected: Int = 0, errors: Int = 0, warnings: Int = 0, notes: Int = 0, duplicates: Int = 0) {
        self.specs = specs
        self.validated = validated
        self.rejected = rejected
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
        self.duplicates = duplicates
    }

    /// All findings.
    public var findings: Int { errors + warnings + notes }
}
