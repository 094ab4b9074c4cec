import Foundation
import RulebookCore
import RulebookStore

#if PostgreSQL
import RulebookPostgresStore
#endif

/// Where `--db` (or `RULEBOOK_DB`) keeps results and run history: a SQLite file, the default,
/// or a PostgreSQL database named by a `postgres://` or `postgresql://` URL that several
/// persisters and machines share (in builds with the package's `PostgreSQL` trait, which is
/// off by default).
public enum DatabaseLocation: Sendable, CustomStringConvertible {
    /// A SQLite file.
    case sqlite(path: String)
    #if PostgreSQL
    /// A PostgreSQL database, and the URL as given (which may hold the password).
    case postgres(PostgresLocation, url: String)
    #endif

    /// Reads `--db`'s value: a PostgreSQL URL, else a SQLite file's path.
    public init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(RulebookError) {
        guard DatabaseURL.isPostgres(text) else {
            self = .sqlite(path: text)
            return
        }
        #if PostgreSQL
        self = .postgres(try PostgresLocation(url: text, environment: environment), url: text)
        #else
        throw .invalidArgument(
            "this build of Rulebook has no PostgreSQL store: build it with `swift build --traits PostgreSQL` (the package's PostgreSQL trait, off by default); without it --db takes a SQLite file")
        #endif
    }

    /// The database for logs and messages, never with a password.
    public var description: String {
        switch self {
        case .sqlite(let path): path
        #if PostgreSQL
        case .postgres(let location, _): location.description
        #endif
        }
    }

    /// Opens the store, creating and migrating it as needed. `checkpointing` and `retention`
    /// apply to a SQLite file (the persister checkpoints its log on a thread of its own); a
    /// shared PostgreSQL history is pruned by its owners, never by one persister.
    /// `connectTimeout` bounds the wait for a PostgreSQL server's first answer.
    public func open(
        checkpointing: WALCheckpointing = .inCommits, retention: RunRetention = .all, connectTimeout: Duration? = nil
    ) throws(RulebookError) -> any ResultStore {
        switch self {
        case .sqlite(let path): return try SQLiteResultStore(path: path, checkpointing: checkpointing, retention: retention)
        #if PostgreSQL
        case .postgres(let location, _):
            guard retention == .all else {
                throw .invalidArgument("--keep-runs applies to a SQLite database; a PostgreSQL history is shared, and pruned by its owners")
            }
            return try PostgresResultStore(location: location, connectTimeout: connectTimeout)
        #endif
        }
    }

    /// How a child process is told about this database: SQLite's path as `--db`, a
    /// PostgreSQL URL in the environment (`RULEBOOK_DB`), where other users' `ps` does not
    /// show its password.
    var childArguments: (arguments: [String], environment: [String: String]) {
        switch self {
        case .sqlite(let path): (["--db", path], [:])
        #if PostgreSQL
        case .postgres(_, let url): ([], ["RULEBOOK_DB": url])
        #endif
        }
    }
}
