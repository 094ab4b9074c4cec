import Foundation
import GRDB
import RulebookCore

/// The serving producer's journal of accepted specs, in a SQLite file of its own: every spec
/// the intake has read is appended (one transaction per burst of intake) before it is sent to
/// the validators, and deleted once the persister has acknowledged it. A producer restarted on
/// the same file sends again what the journal still holds, so a producer killed with `kill -9`
/// loses only what libzmq had received but the producer had not read yet.
///
/// WAL mode with `synchronous = NORMAL`: a commit is in the log file when it returns, so a
/// killed process loses nothing it committed; a power cut or a kernel crash may lose the last
/// commits (the log is synced only when it is checkpointed) but never corrupts the file. A
/// ``WALCheckpointer`` thread copies the log into the file, so a commit seldom waits for that
/// copy and its sync (see ``WALCheckpointing/background``).
///
/// One journal per producer: the file `PATH-lock` is locked while the journal is open, so a
/// second producer started on the same journal fails at start instead of sending the first
/// one's specs. The file must be a journal or new: a database with other tables (the
/// persister's, given by mistake) is refused rather than written into.
public final class IntakeJournal: Sendable {
    /// SQLite's page cache, KiB: room for the pages of every spec in flight or waiting, so
    /// that deleting an acknowledged spec does not read its page back from disk.
    static let cacheKiB = 8_192

    private let queue: DatabaseQueue
    private let lock: ExclusiveFileLock
    private let checkpointer: WALCheckpointer
    /// The journal file.
    public let path: String

    /// Opens the journal at `path`, creating and migrating it as needed, and locks it.
    public init(path: String) throws(RulebookError) {
        self.path = path
        do throws(ExclusiveFileLock.Failure) {
            lock = try ExclusiveFileLock(path: path + "-lock")
        } catch {
            switch error {
            case .held:
                throw .databaseUnavailable(path: path, reason: "another process holds it; give each serving producer its own --journal")
            case .system(let reason):
                throw .databaseUnavailable(path: path, reason: "cannot lock \(path)-lock: \(reason)")
            }
        }
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            let frames = WALCheckpointing.background.autocheckpointFrames
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA wal_autocheckpoint = \(frames); PRAGMA cache_size = -\(Self.cacheKiB)")
            }
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.writeWithoutTransaction { db in
                let foreign = try Self.foreignTables(in: db)
                guard foreign.isEmpty else {
                    throw DatabaseError(
                        message: "it is not a producer journal (it holds \(foreign.joined(separator: ", "))); "
                            + "give the producer a file of its own")
                }
                // Only once the file is known to be a journal (or new) is its mode changed.
                guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                    throw DatabaseError(message: "SQLite refused WAL mode")
                }
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
            try IntakeJournalSchema.migrator.migrate(queue)
            checkpointer = try WALCheckpointer(path: path)
        } catch let error as DatabaseError {
            throw .databaseUnavailable(path: path, reason: error.message ?? String(describing: error))
        } catch {
            throw .databaseUnavailable(path: path, reason: String(describing: error))
        }
    }

    deinit { checkpointer.stop() }

    // MARK: Writing

    /// Appends accepted specs and deletes the specs `removing` names (acknowledged or given
    /// up), in one transaction, and returns the appended specs' sequence numbers, in order.
    /// The journal does not deduplicate: its user appends a spec it does not hold yet.
    @discardableResult
    public func append(_ specs: [JournaledSpec], removing: [Int64] = [], at now: Date = Date()) throws(RulebookError) -> [Int64] {
        guard !specs.isEmpty || !removing.isEmpty else { return [] }
        let millis = Int64((now.timeIntervalSince1970 * 1_000).rounded())
        return try write { db in
            try Self.delete(removing, in: db)
            let insert = try db.cachedStatement(
                sql: "INSERT INTO accepted_specs (spec_source, spec_id, run_id, event, accepted_at_ms) VALUES (?, ?, ?, ?, ?)")
            var sequences: [Int64] = []
            sequences.reserveCapacity(specs.count)
            for spec in specs {
                try insert.execute(arguments: [spec.source, spec.id, spec.runId, Data(spec.event), millis])
                sequences.append(db.lastInsertedRowID)
            }
            return sequences
        }
    }

    /// Deletes acknowledged (or given-up) specs by sequence number, in one transaction.
    public func remove(_ sequences: [Int64]) throws(RulebookError) {
        guard !sequences.isEmpty else { return }
        try write { db in try Self.delete(sequences, in: db) }
    }

    private static func delete(_ sequences: [Int64], in db: Database) throws {
        guard !sequences.isEmpty else { return }
        let delete = try db.cachedStatement(sql: "DELETE FROM accepted_specs WHERE sequence = ?")
        for sequence in sequences { try delete.execute(arguments: [sequence]) }
    }

    // MARK: Reading

    /// Up to `limit` specs from sequence number `first` on, in order.
    public func specs(from first: Int64, limit: Int) throws(RulebookError) -> [JournaledSpec] {
        try read { db in
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: "SELECT sequence, spec_source, spec_id, run_id, event FROM accepted_specs WHERE sequence >= ? ORDER BY sequence LIMIT ?"),
                arguments: [first, limit])
            var specs: [JournaledSpec] = []
            while let row = try rows.next() {
                let event: Data = row[4]
                specs.append(JournaledSpec(sequence: row[0], source: row[1], id: row[2], runId: row[3], event: [UInt8](event)))
            }
            return specs
        }
    }

    /// Every spec the journal holds, oldest first, without its event: what a restarted producer
    /// has to send again.
    public func pending() throws(RulebookError) -> [PendingSpec] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT sequence, spec_source, spec_id, length(event) FROM accepted_specs ORDER BY sequence")
                .map { PendingSpec(sequence: $0[0], source: $0[1], id: $0[2], bytes: $0[3]) }
        }
    }

    // MARK: Helpers

    private func write<T>(_ body: (Database) throws -> T) throws(RulebookError) -> T {
        do {
            return try queue.writeWithoutTransaction { db in try db.inCachedTransaction { try body(db) } }
        } catch {
            throw .storageFailed("producer journal '\(path)': \(error)")
        }
    }

    private func read<T>(_ body: (Database) throws -> T) throws(RulebookError) -> T {
        do {
            // No read-only transaction (GRDB's `read` toggles `query_only` around each): the
            // producer's loop is the only user, and a statement is its own transaction.
            return try queue.inDatabase(body)
        } catch {
            throw .storageFailed("producer journal '\(path)': \(error)")
        }
    }

    /// Tables other than the journal's own (and SQLite's and GRDB's).
    private static func foreignTables(in db: Database) throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                AND name NOT IN (?, 'grdb_migrations') ORDER BY name
                """,
            arguments: [IntakeJournalSchema.table])
    }
}
