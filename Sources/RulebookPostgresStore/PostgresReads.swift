import PostgresNIO
import RulebookCore
import RulebookStore

/// The reads both the batch and the reports need, in the order SQLite gives: findings in the
/// engine's order with missing values first (SQLite's `NULL` order; PostgreSQL puts them last
/// unless told), ties in the order stored.
enum PostgresReads {
    static let findingColumns =
        #"rule_id, severity, message, file, line, "column", end_line, end_column, pointer, fingerprint"#
    /// The engine's order (`RuleEngine.isOrdered(_:before:)`), as SQLite sorts it.
    static let findingOrder =
        #"file, line NULLS FIRST, "column" NULLS FIRST, pointer NULLS FIRST, rule_id, end_line NULLS FIRST, end_column NULLS FIRST, id"#

    /// The findings `query` selects (``findingColumns``).
    static func findings(_ query: PostgresQuery, in transaction: PostgresTransaction) throws -> [Finding] {
        try transaction.run(query).rows.map { row in
            let (ruleId, severity, message, file, line, column, endLine, endColumn, pointer, fingerprint) = try row.decode(
                (String, String, String, String, Int?, Int?, Int?, Int?, String?, String).self)
            return Finding(
                ruleId: ruleId, severity: Severity(rawValue: severity) ?? .error, message: message,
                location: SourceLocation(
                    file: file, line: line, column: column, endLine: endLine, endColumn: endColumn, pointer: pointer),
                fingerprint: fingerprint)
        }
    }

    static func isCompleted(_ runId: String, in transaction: PostgresTransaction) throws -> Bool {
        try transaction.run("SELECT completed_at IS NOT NULL FROM runs WHERE id = \(runId)").rows.first?.decode(Bool.self) ?? false
    }

    static func summary(of runId: String, in transaction: PostgresTransaction) throws -> RunSummary {
        let specs = try transaction.run(
            "SELECT status, COUNT(*), SUM(duplicates)::bigint FROM specs WHERE run_id = \(runId) GROUP BY status"
        ).rows.map { row in
            let (status, count, duplicates) = try row.decode((String, Int, Int?).self)
            return StoredCounts.Specs(status: status, count: count, duplicates: duplicates)
        }
        let findings = try transaction.run(
            "SELECT severity, COUNT(*) FROM findings WHERE run_id = \(runId) GROUP BY severity"
        ).rows.map { row in
            let (severity, count) = try row.decode((String, Int).self)
            return StoredCounts.Findings(severity: severity, count: count)
        }
        return StoredCounts.summary(specs: specs, findings: findings)
    }
}
