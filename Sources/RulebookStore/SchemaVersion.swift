import Foundation
import GRDB

/// Refuses a database whose schema a newer Rulebook wrote: it records migrations this build
/// does not know, so its tables may have columns this build would not fill. Opening it is
/// `RB300` at once, with this text, instead of failures at the first insert.
public struct NewerSchema: Error, CustomStringConvertible, Equatable {
    /// The recorded migrations this build does not know, in order.
    public let unknown: [String]

    /// `nil` when every migration in `applied` is one of `known`.
    public init?(applied: [String], known: [String]) {
        let unknown = applied.filter { !known.contains($0) }
        guard !unknown.isEmpty else { return nil }
        self.unknown = unknown
    }

    public var description: String {
        "its schema is newer than this Rulebook (it records migration \(unknown.joined(separator: ", ")), unknown here); "
            + "use the Rulebook that wrote it or a newer one, or another database"
    }
}

/// Serialises the migration of one SQLite file among processes that open it at once (six
/// `rulebook check --db new.sqlite` started together): the migrator reads which migrations are
/// applied before it takes SQLite's write lock, so two processes could apply the same one.
/// The lock is `flock` on the file's folder: a lock on the database file itself would be
/// dropped with SQLite's own POSIX locks when its descriptor closed.
enum MigrationLock {
    /// Runs `body` holding the lock for the folder of `path` (not locked when the folder
    /// cannot be opened: migrating then is as safe as it was without the lock).
    static func around<T>(_ path: String, _ body: () throws -> T) rethrows -> T {
        let folder = (path as NSString).deletingLastPathComponent
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}

extension DatabaseMigrator {
    /// Migrates `writer` (the database file at `path`) under ``MigrationLock``, refusing a
    /// schema a newer Rulebook wrote (``NewerSchema``).
    func migrateRefusingNewer(_ writer: some DatabaseWriter, at path: String) throws {
        try MigrationLock.around(path) {
            // Every recorded identifier, not GRDB's `appliedMigrations` (only the known ones).
            let applied = try writer.read { db in
                try db.tableExists("grdb_migrations") ? try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") : []
            }
            if let newer = NewerSchema(applied: applied, known: migrations) { throw newer }
            try migrate(writer)
        }
    }
}
