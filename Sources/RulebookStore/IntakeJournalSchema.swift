import GRDB

/// The ``IntakeJournal``'s schema as GRDB migrations. Never edit a shipped migration; add a
/// new one.
enum IntakeJournalSchema {
    /// The first shipped schema: one row per accepted, unacknowledged spec.
    static let v1 = "v1-accepted-specs"
    /// The journal's one table; a file holding other tables is not a journal.
    static let table = "accepted_specs"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(v1) { db in
            // No unique key on source + id: the producer never journals a spec it already
            // holds, and the persister stores a spec once however often it is sent, so an index
            // would only cost every insert and delete.
            try db.create(table: table) { t in
                // AUTOINCREMENT: a sequence is never reused, even once every row is deleted, so
                // "after the last one sent" always means "accepted later".
                t.autoIncrementedPrimaryKey("sequence")
                t.column("spec_source", .text).notNull()
                t.column("spec_id", .text).notNull()
                t.column("run_id", .text)
                t.column("event", .blob).notNull()
                t.column("accepted_at_ms", .integer).notNull()
            }
        }
        return migrator
    }
}
