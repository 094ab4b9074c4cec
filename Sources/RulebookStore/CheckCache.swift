import Foundation
import GRDB
import RulebookCore

/// What earlier checks worked out, kept between runs in one SQLite file per user: values
/// found by the exact bytes they were worked out from (their *material*: a file's text, an
/// encoded spec). An entry is used only when its stored material equals the material asked
/// about byte for byte and its value still has the checksum it was stored with, so neither a
/// hash collision nor a damaged file can give a wrong answer: either is a miss.
///
/// The cache is a help, never a source of truth: every failure to read it is a miss, a file
/// that is not a readable database is replaced, and a write that cannot be made now (another
/// check holds the lock for too long) is skipped. Two checks can use one cache at once
/// (SQLite's WAL mode and a busy timeout). Its size stays under ``maximumBytes`` by dropping
/// the entries used longest ago.
public final class CheckCache: @unchecked Sendable {
    /// What kind of value an entry holds: the same material means different things in each.
    public enum Section: Int, Sendable {
        /// What a Swift file tells about the project (material: the file's text).
        case fileIndex = 1
        /// A spec's findings (material: the spec as sent to a validator).
        case verdict = 2
        /// The findings of every spec of a run (material: the run's specs as scanned, before
        /// their project context, which they decide).
        case run = 3
    }

    /// The size the cache is kept under unless told otherwise.
    public static let defaultMaximumBytes = 256 << 20
    /// The database file's name in the cache folder.
    public static let fileName = "check-cache.sqlite"

    /// The database file.
    public let path: String
    /// The size, in bytes of materials and values, the cache is kept under.
    public let maximumBytes: Int
    private let identity: [UInt8]
    private let lock = NSLock()
    private var database: DatabaseQueue?

    /// Opens the cache in `folder` (created, for this user only, if missing) for results of
    /// the tool build `identity`: entries of other builds are never used. A file there that is
    /// not a readable cache is replaced by an empty one. A folder or file another user could
    /// write, or a symbolic link, is refused (``checkTrust(folder:path:)``).
    public init(folder: String, identity: String, maximumBytes: Int = CheckCache.defaultMaximumBytes) throws(RulebookError) {
        path = folder + "/" + Self.fileName
        self.identity = Array(identity.utf8)
        self.maximumBytes = maximumBytes
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .databaseUnavailable(path: folder, reason: (error as NSError).localizedDescription)
        }
        try Self.checkTrust(folder: folder, path: path)
        database = try openReplacingDamage()
    }

    // MARK: Reading

    /// Whether the cache holds nothing (a first run, a new machine, a CI runner).
    public var isEmpty: Bool {
        let any = withDatabase { database in try database.read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM entries)") } }
        return any.flatMap { $0 } != true
    }

    /// The value stored for each of `materials` in `section`, or `nil` where there is none
    /// that can be trusted. Entries found are marked as used now.
    public func values(in section: Section, for materials: [[UInt8]], now: Date = Date()) -> [[UInt8]?] {
        let keys = materials.map { key(section, $0) }
        let found: [[UInt8]?]? = withDatabase { database in
            try database.read { db in
                let select = try db.cachedStatement(sql: "SELECT material, value, checksum FROM entries WHERE key = ?")
                let header = header(section)
                return try zip(keys, materials).map { key, material -> [UInt8]? in
                    guard let row = try Row.fetchOne(select, arguments: [key]) else { return nil }
                    return Self.trusted(row, header: header, material: material)
                }
            }
        }
        guard let found else { return materials.map { _ in nil } }
        let used = zip(keys, found).compactMap { key, value in value == nil ? nil : key }
        if !used.isEmpty { markUsed(used, at: now) }
        return found
    }

    /// The value of a row that holds `material` after `header` and whose value is undamaged.
    private static func trusted(_ row: Row, header: [UInt8], material: [UInt8]) -> [UInt8]? {
        guard let storedMaterial = row["material"] as Data?, storedMaterial.count == header.count + material.count,
            storedMaterial.withUnsafeBytes({ stored in
                header.withUnsafeBytes { same(stored[..<header.count], $0) }
                    && material.withUnsafeBytes { same(stored[header.count...], $0) }
            }),
            let value = row["value"] as Data?, let checksum = row["checksum"] as Int64?,
            Int64(bitPattern: StableHash.of(value).value) == checksum
        else { return nil }
        return Array(value)
    }

    private static func same(_ stored: UnsafeRawBufferPointer.SubSequence, _ asked: UnsafeRawBufferPointer) -> Bool {
        stored.count == asked.count
            && (asked.isEmpty || memcmp(stored.base.baseAddress! + stored.startIndex, asked.baseAddress!, asked.count) == 0)
    }

    // MARK: Writing

    /// Stores `entries` in `section` (replacing what their keys held), then drops the entries
    /// used longest ago while the cache is over its size.
    public func store(_ entries: [(material: [UInt8], value: [UInt8])], in section: Section, now: Date = Date()) {
        guard !entries.isEmpty else { return }
        let time = Int64(now.timeIntervalSince1970)
        withDatabase { database in
            try database.write { db in
                let insert = try db.cachedStatement(
                    sql: "INSERT OR REPLACE INTO entries (key, material, value, checksum, size, used_at) VALUES (?, ?, ?, ?, ?, ?)")
                let header = header(section)
                for entry in entries {
                    let material = header + entry.material
                    try insert.execute(arguments: [
                        key(section, entry.material), Data(material), Data(entry.value),
                        Int64(bitPattern: StableHash.of(entry.value).value), material.count + entry.value.count, time,
                    ])
                }
                try Self.evict(in: db, toFit: maximumBytes)
            }
        }
    }

    /// Deletes the entries used longest ago until the entries fit in `maximumBytes`, leaving
    /// room so that the next few runs do not evict again at once.
    private static func evict(in db: Database, toFit maximumBytes: Int) throws {
        let total = try Int.fetchOne(db, sql: "SELECT coalesce(sum(size), 0) FROM entries") ?? 0
        guard total > maximumBytes else { return }
        var excess = total - maximumBytes * 3 / 4
        let oldest = try Row.fetchCursor(db, sql: "SELECT key, size FROM entries ORDER BY used_at, key")
        var doomed: [Int64] = []
        while excess > 0, let row = try oldest.next() {
            doomed.append(row["key"])
            excess -= row["size"] as Int
        }
        for key in doomed { try db.execute(sql: "DELETE FROM entries WHERE key = ?", arguments: [key]) }
    }

    private func markUsed(_ keys: [Int64], at now: Date) {
        let time = Int64(now.timeIntervalSince1970)
        withDatabase { database in
            try database.write { db in
                let touch = try db.cachedStatement(sql: "UPDATE entries SET used_at = ? WHERE key = ? AND used_at < ?")
                for key in keys { try touch.execute(arguments: [time, key, time]) }
            }
        }
    }

    // MARK: Keys

    /// Where an entry is found: a ``StableHash`` of what it keeps of its material.
    private func key(_ section: Section, _ material: [UInt8]) -> Int64 {
        var hash = StableHash()
        hash.add(header(section))
        hash.add(material)
        return Int64(bitPattern: hash.value)
    }

    /// What an entry keeps before its material: everything else that decides its value (the
    /// section and the build), so that equal stored material means an equal question.
    private func header(_ section: Section) -> [UInt8] {
        [UInt8(section.rawValue)] + identity + [0xff]
    }

    // MARK: The database file

    /// Runs `body` on the database; any error leaves the cache empty for the rest of this
    /// process, replacing the file when the error says it is damaged.
    @discardableResult
    private func withDatabase<T>(_ body: (DatabaseQueue) throws -> T) -> T? {
        lock.lock()
        defer { lock.unlock() }
        guard let database else { return nil }
        do {
            return try body(database)
        } catch let error as DatabaseError where Self.isDamage(error) {
            self.database = nil
            try? database.close()
            Self.removeFiles(at: path)
            self.database = try? Self.open(path)
            return nil
        } catch {
            return nil
        }
    }

    /// Opens the database, replacing a file that is not one (or not a readable one).
    private func openReplacingDamage() throws(RulebookError) -> DatabaseQueue {
        do {
            return try Self.open(path)
        } catch let error as DatabaseError where Self.isDamage(error) {
            Self.removeFiles(at: path)
        } catch {
            throw .databaseUnavailable(path: path, reason: String(describing: error))
        }
        do {
            return try Self.open(path)
        } catch {
            throw .databaseUnavailable(path: path, reason: String(describing: error))
        }
    }

    private static func open(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        // Another check may be writing: wait a little, then do without.
        configuration.busyMode = .timeout(2)
        configuration.journalMode = .wal
        return try CheckCacheSchema.migrator.openAndMigrate(at: path) { try DatabaseQueue(path: path, configuration: configuration) }
    }

    private static func isDamage(_ error: DatabaseError) -> Bool {
        [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode)
    }

    private static func removeFiles(at path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
