import PostgresNIO
import RulebookCore
import RulebookStore

/// The reads both the batch and the reports need, in the order SQLite gives: findings in the
/// engine's order with missing values first (SQLite's `NULL` order; PostgreSQL puts them last
/// unless told), ties in the order stored.
enum PostgresReads {
    static let findingColumns =
        #"rule_id, severity, message, file, line, "column", end_line, end_column, pointer, fingerprint, fix"#
    /// The engine's order (`RuleEngine.isOrdered(_:before:)`), as SQLite sorts it.
    static let findingOrder =
        #"file, line NULLS FIRST, "column" NULLS FIRST, pointer NULLS FIRST, rule_id, end_line NULLS FIRST, end_column NULLS FIRST, id"#

    /// The findings `query` selects (``findingColumns``).
    static func findings(_ query: PostgresQuery, in transaction: PostgresTransaction) throws -> [Finding] {
        try transaction.run(query).rows.map { row in try finding(row.makeRandomAccess()) }
    }

    /// The finding in the ``findingColumns`` of `row`, which start at its column `first`.
    static func finding(_ row: PostgresRandomAccessRow, from first: Int = 0) throws -> Finding {
        func cell<Value: PostgresDecodable>(_ offset: Int, as _: Value.Type = Value.self) throws -> Value {
            try row[first + offset].decode(Value.self)
        }
        return Finding(
            ruleId: try cell(0), severity: Severity(rawValue: try cell(1, as: String.self)) ?? .error, message: try cell(2),
            location: SourceLocation(
                file: try cell(3), line: try cell(4), column: try cell(5), endLine: try cell(6), endColumn: try cell(7),
                pointer: try cell(8)),
            fingerprint: try cell(9), fix: StoredJSON.fix(from: try cell(10, as: String?.self)))
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
