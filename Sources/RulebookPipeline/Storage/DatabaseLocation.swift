import Foundation
import RulebookCore
import RulebookPostgresStore
import RulebookStore

/// Where `--db` (or `RULEBOOK_DB`) keeps results and run history: a SQLite file, the default,
/// or a PostgreSQL database named by a `postgres://` or `postgresql://` URL that several
/// persisters and machines share.
public enum DatabaseLocation: Sendable, CustomStringConvertible {
    /// A SQLite file.
    case sqlite(path: String)
    /// A PostgreSQL database, and the URL as given (which may hold the password).
    case postgres(PostgresLocation, url: String)

    /// Reads `--db`'s value: a PostgreSQL URL, else a SQLite file's path.
    public init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(RulebookError) {
        if PostgresLocation.isURL(text) {
            self = .postgres(try PostgresLocation(url: text, environment: environment), url: text)
        } else {
            self = .sqlite(path: text)
        }
    }

    /// The database for logs and messages, never with a password.
    public var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let location, _): location.description
        }
    }

    /// Opens the store, creating and migrating it as needed. `checkpointing` applies to a
    /// SQLite file (the persister checkpoints its log on a thread of its own).
    public func open(checkpointing: WALCheckpointing = .inCommits) throws(RulebookError) -> any ResultStore {
        switch self {
        case .sqlite(let path): try SQLiteResultStore(path: path, checkpointing: checkpointing)
        case .postgres(let location, _): try PostgresResultStore(location: location)
        }
    }

    /// How a child process is told about this database: SQLite's path as `--db`, a
    /// PostgreSQL URL in the environment (`RULEBOOK_DB`), where other users' `ps` does not
    /// show its password.
    var childArguments: (arguments: [String], environment: [String: String]) {
        switch self {
        case .sqlite(let path): (["--db", path], [:])
        case .postgres(_, let url): ([], ["RULEBOOK_DB": url])
        }
    }
}
