import GRDB

/// The database schema as a sequence of GRDB migrations. Never edit a shipped migration;
/// add a new one.
enum StoreSchema {
    /// The first shipped schema: runs, specs, findings and rejections.
    static let v1 = "v1-runs-specs-findings-rejections"
    /// Run history (commit, configuration, timings, counts) and the files of each spec.
    static let v2 = "v2-run-history-spec-files"
    /// Indexes the ack of a duplicate reads: findings by spec, rejections by spec. Without
    /// them every resent spec scanned both tables.
    static let v3 = "v3-duplicate-lookup-indexes"
    /// Where each finding ends (end line and end-exclusive column), so a stored run
    /// re-renders with ranges. Rows stored before hold `NULL`, as findings without an end do.
    static let v4 = "v4-finding-ends"
    /// Each finding's fix (its JSON), so a stored run re-renders with its fixes. Rows
    /// stored before hold `NULL`: no fix.
    static let v5 = "v5-finding-fixes"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(v1) { db in
            try db.create(table: "runs") { t in
                t.primaryKey("id", .text)
                t.column("tool", .text)
                t.column("paths", .text)
                t.column("rule_set_version", .text)
                t.column("expected_specs", .integer)
                t.column("opened_at", .text)
                t.column("completed_at", .text)
            }
            try db.create(table: "specs") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("run_id", .text).notNull().references("runs")
                t.column("spec_source", .text).notNull()
                t.column("spec_id", .text).notNull()
                t.column("feature", .text)
                t.column("origin", .text)
                t.column("dialect", .text)
                t.column("status", .text).notNull()
                t.column("validator", .text)
                t.column("duration_micros", .integer)
                t.column("stored_at", .text).notNull()
                t.column("duplicates", .integer).notNull().defaults(to: 0)
                t.uniqueKey(["spec_source", "spec_id"])
            }
            try db.create(index: "specs_by_run", on: "specs", columns: ["run_id"])
            try db.create(table: "findings") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("spec_row", .integer).notNull().references("specs", onDelete: .cascade)
                t.column("run_id", .text).notNull()
                t.column("rule_id", .text).notNull()
                t.column("severity", .text).notNull()
                t.column("message", .text).notNull()
                t.column("file", .text).notNull()
                t.column("line", .integer)
                t.column("column", .integer)
                t.column("pointer", .text)
                t.column("fingerprint", .text).notNull()
            }
            try db.create(index: "findings_by_run", on: "findings", columns: ["run_id"])
            try db.create(table: "rejections") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("run_id", .text)
                t.column("spec_source", .text)
                t.column("spec_id", .text)
                t.column("code", .text).notNull()
                t.column("message", .text).notNull()
                t.column("stage", .text).notNull()
                t.column("excerpt", .text)
                t.column("received_at", .text).notNull()
            }
        }
        migrator.registerMigration(v2) { db in
            try db.alter(table: "runs") { t in
                t.add(column: "git_commit", .text)
                t.add(column: "config_hash", .text)
                t.add(column: "source_root", .text)
                t.add(column: "host", .text)
                t.add(column: "started_at", .text)
                t.add(column: "finished_at", .text)
                t.add(column: "duration_millis", .integer)
                t.add(column: "validators", .integer)
                t.add(column: "spec_count", .integer)
                t.add(column: "validated_count", .integer)
                t.add(column: "rejected_count", .integer)
                t.add(column: "error_count", .integer)
                t.add(column: "warning_count", .integer)
                t.add(column: "note_count", .integer)
                t.add(column: "duplicate_count", .integer)
            }
            // Runs stored before history existed get the counts of the results they hold.
            try db.execute(
                sql: """
                    UPDATE runs SET
                      spec_count = (SELECT COUNT(*) FROM specs WHERE run_id = runs.id),
                      validated_count = (SELECT COUNT(*) FROM specs WHERE run_id = runs.id AND status = 'validated'),
                      rejected_count = (SELECT COUNT(*) FROM specs WHERE run_id = runs.id AND status = 'rejected'),
                      error_count = (SELECT COUNT(*) FROM findings WHERE run_id = runs.id AND severity = 'error'),
                      warning_count = (SELECT COUNT(*) FROM findings WHERE run_id = runs.id AND severity = 'warning'),
                      note_count = (SELECT COUNT(*) FROM findings WHERE run_id = runs.id AND severity = 'note'),
                      duplicate_count = (SELECT COALESCE(SUM(duplicates), 0) FROM specs WHERE run_id = runs.id)
                    """)
            try db.alter(table: "specs") { t in
                t.add(column: "files", .text)
            }
        }
        migrator.registerMigration(v3) { db in
            try db.create(index: "findings_by_spec", on: "findings", columns: ["spec_row"])
            try db.create(index: "rejections_by_spec", on: "rejections", columns: ["spec_source", "spec_id"])
        }
        migrator.registerMigration(v4) { db in
            try db.alter(table: "findings") { t in
                t.add(column: "end_line", .integer)
                t.add(column: "end_column", .integer)
            }
        }
        migrator.registerMigration(v5) { db in
            try db.alter(table: "findings") { t in
                t.add(column: "fix", .text)
            }
        }
        return migrator
    }
}
