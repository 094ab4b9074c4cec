import GRDB

/// The check cache's schema as GRDB migrations. Never edit a shipped migration; add one.
enum CheckCacheSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // One table for every section: the key already tells them apart, and eviction
            // weighs every entry alike.
            try db.create(table: "entries") { t in
                t.primaryKey("key", .integer)
                t.column("material", .blob).notNull()
                t.column("value", .blob).notNull()
                t.column("checksum", .integer).notNull()
                t.column("size", .integer).notNull()
                t.column("used_at", .integer).notNull()
            }
            try db.create(index: "entries_by_use", on: "entries", columns: ["used_at"])
        }
        return migrator
    }
}
