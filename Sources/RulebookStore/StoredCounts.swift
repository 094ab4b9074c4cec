import RulebookCore

/// A run's counts as every store reads them: specs by status, findings by severity.
public enum StoredCounts {
    /// One row of `SELECT status, COUNT(*), SUM(duplicates) FROM specs … GROUP BY status`.
    public struct Specs: Sendable {
        public var status: String
        public var count: Int
        public var duplicates: Int?

        public init(status: String, count: Int, duplicates: Int?) {
            self.status = status
            self.count = count
            self.duplicates = duplicates
        }
    }

    /// One row of `SELECT severity, COUNT(*) FROM findings … GROUP BY severity`.
    public struct Findings: Sendable {
        public var severity: String
        public var count: Int

        public init(severity: String, count: Int) {
            self.severity = severity
            self.count = count
        }
    }

    /// The summary those rows add up to.
    public static func summary(specs: [Specs], findings: [Findings]) -> RunSummary {
        var summary = RunSummary()
        for row in specs {
            summary.specs += row.count
            summary.duplicates += row.duplicates ?? 0
            if row.status == SpecStatus.validated.rawValue {
                summary.validated = row.count
            } else {
                summary.rejected = row.count
            }
        }
        for row in findings {
            switch Severity(rawValue: row.severity) {
            case .error: summary.errors = row.count
            case .warning: summary.warnings = row.count
            case .note: summary.notes = row.count
            case nil: break
            }
        }
        return summary
    }
}
