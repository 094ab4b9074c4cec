import Foundation
import GRDB

/// Refuses a database whose schema a newer Rulebook wrote: it records migrations this build
/// does not know, so its tables may have columns this build would not fill. Opening it is
/// `RB300` at once, with this text, instead of failures at the first insert. Refuses as well
/// a database of another kind (the check cache, another program's file), which migrating
/// would fill with Rulebook's tables.
public struct NewerSchema: Error, CustomStringConvertible, Equatable {
    /// The recorded migrations this build does not know, in order.
    public let unknown: [String]

    /// Whether the database is another kind altogether (none of its migrations is known, or it
    /// has tables and no migrations: the check cache or another program's file given as `--db`).
    public let isForeign: Bool
    private let holds: String

    /// `nil` when every migration in `applied` is one of `known`.
    public init?(applied: [String], known: [String]) {
        let unknown = applied.filter { !known.contains($0) }
        guard !unknown.isEmpty else { return nil }
        self.unknown = unknown
        isForeign = unknown.count == applied.count
        holds = "it records migration \(unknown.joined(separator: ", "))"
    }

    /// A database with `tables` and no record of migrations.
    public init(foreignTables tables: [String]) {
        unknown = []
        isForeign = true
        holds = "it holds \(tables.prefix(5).joined(separator: ", "))\(tables.count > 5 ? ", …" : "") and no Rulebook migrations"
    }

    public var description: String {
        isForeign
            ? "it is another kind of database (\(holds)), not one Rulebook wrote; give another file"
            : "its schema is newer than this Rulebook (\(holds), unknown here); use the Rulebook that wrote it or a newer one, or another database"
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
    /// Refuses the database at `path`, when there is one, if a newer Rulebook or another
    /// program wrote it (``NewerSchema``). It is read through a read-only connection, so a
    /// refused file is left exactly as it was (opening it for writing would switch it to WAL).
    func refuseUnknownSchema(at path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        // Every recorded identifier, not GRDB's `appliedMigrations` (only the known ones); a
        // database with tables but no record of migrations is another program's.
        let (applied, tables) = try queue.read { db in
            try db.tableExists("grdb_migrations")
                ? (try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"), [String]())
                : ([], try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"))
        }
        if !tables.isEmpty { throw NewerSchema(foreignTables: tables) }
        if let newer = NewerSchema(applied: applied, known: migrations) { throw newer }
    }

    /// Opens the database at `path` with `open` and migrates it, refusing an unknown schema
    /// first (``refuseUnknownSchema(at:)``), all under ``MigrationLock``: a process that
    /// finds the file half made by another waits until it is made.
    func openAndMigrate<Writer: DatabaseWriter>(at path: String, _ open: () throws -> Writer) throws -> Writer {
        try MigrationLock.around(path) {
            try refuseUnknownSchema(at: path)
            let writer = try open()
            try migrate(writer)
            return writer
        }
    }
}
