import Foundation
import PostgresNIO
import RulebookCore
import RulebookStore
import RulebookWire

/// Stores many specs and their findings in one statement: the rows travel as one JSON array,
/// are inserted in its order (so ids follow the batch, as SQLite's do), each spec only if its
/// `source` + `id` is new (the first of two copies in one array wins), and the findings of the
/// specs it inserted after them.
enum PostgresBulkSpecs {
    /// Inserts `specs` and returns the keys of those it stored.
    static func insert(_ specs: [(row: SpecRow, findings: [Finding])], at time: String, in transaction: PostgresTransaction) throws -> Set<SpecKey> {
        guard !specs.isEmpty else { return [] }
        let rows = String(decoding: try JSONEncoder().encode(specs.map(SpecJSON.init)), as: UTF8.self)
        let stored = try transaction.run(
            """
            WITH incoming AS (
              SELECT * FROM ROWS FROM (jsonb_to_recordset(\(rows)::jsonb) AS (run_id text, spec_source text, spec_id text,
                feature text, origin text, dialect text, status text, validator text, duration_micros bigint, findings jsonb))
                WITH ORDINALITY AS spec(run_id, spec_source, spec_id, feature, origin, dialect, status, validator,
                  duration_micros, findings, ordinal)
            ), inserted AS (
              INSERT INTO specs (run_id, spec_source, spec_id, feature, origin, dialect, status, validator, duration_micros, stored_at)
              SELECT run_id, spec_source, spec_id, feature, origin, dialect, status, validator, duration_micros, \(time)
              FROM incoming ORDER BY ordinal
              ON CONFLICT (spec_source, spec_id) DO NOTHING
              RETURNING id, spec_source, spec_id
            ), first_copies AS (
              SELECT DISTINCT ON (spec_source, spec_id) * FROM incoming ORDER BY spec_source, spec_id, ordinal
            ), found AS (
              INSERT INTO findings (spec_row, run_id, rule_id, severity, message, file, line, "column", end_line,
                end_column, pointer, fingerprint, fix)
              SELECT inserted.id, copy.run_id, f.rule_id, f.severity, f.message, f.file, f.line, f."column", f.end_line,
                f.end_column, f.pointer, f.fingerprint, f.fix
              FROM inserted
              JOIN first_copies AS copy USING (spec_source, spec_id),
              ROWS FROM (jsonb_to_recordset(copy.findings) AS (rule_id text, severity text, message text, file text,
                line bigint, "column" bigint, end_line bigint, end_column bigint, pointer text, fingerprint text, fix text))
                WITH ORDINALITY AS f(rule_id, severity, message, file, line, "column", end_line, end_column, pointer,
                  fingerprint, fix, ordinal)
              ORDER BY copy.ordinal, f.ordinal
            )
            SELECT spec_source, spec_id FROM inserted
            """)
        return Set(try stored.rows.map { row in
            let (source, id) = try row.decode((String, String).self)
            return SpecKey(source: source, id: id)
        })
    }
}

/// A spec as a row of the JSON array, in the table's column names.
private struct SpecJSON: Encodable {
    var run_id, spec_source, spec_id, status: String
    var feature, origin, dialect, validator: String?
    var duration_micros: Int?
    var findings: [FindingJSON]

    init(_ spec: (row: SpecRow, findings: [Finding])) {
        run_id = spec.row.runId
        spec_source = spec.row.source
        spec_id = spec.row.id
        status = spec.row.status.rawValue
        feature = spec.row.feature
        origin = spec.row.origin
        dialect = spec.row.dialect
        validator = spec.row.validator
        duration_micros = spec.row.durationMicros
        findings = spec.findings.map(FindingJSON.init)
    }
}

/// A finding as a row of the JSON array, in the table's column names.
private struct FindingJSON: Encodable {
    var rule_id, severity, message, file: String
    var line, column, end_line, end_column: Int?
    var pointer: String?
    var fingerprint: String
    /// The fix as SQLite keeps it (`StoredJSON.encode(_:)`).
    var fix: String?

    init(_ finding: Finding) {
        rule_id = finding.ruleId
        severity = finding.severity.rawValue
        message = finding.message
        file = finding.file
        line = finding.line
        column = finding.column
        end_line = finding.endLine
        end_column = finding.endColumn
        pointer = finding.pointer
        fingerprint = finding.fingerprint
        fix = StoredJSON.encode(finding.fix)
    }
}
