import Foundation
import PostgresNIO
import RulebookCore
import RulebookPostgresStore
import RulebookStore
import Testing

/// The real PostgreSQL server the tests use: `scripts/with-postgres` (which `scripts/test`
/// runs them under) starts a private one and names it in `RULEBOOK_TEST_POSTGRES_URL`. Each
/// test gets a database of its own, made with an ICU collation ("en-US"), under which
/// PostgreSQL sorts text unlike SQLite unless the store says otherwise.
enum TestPostgres {
    static let environment = ProcessInfo.processInfo.environment

    /// The server's URL (with its password), if a server was started for the tests.
    static let url = environment["RULEBOOK_TEST_POSTGRES_URL"]

    /// Why the tests that need the server do not run without it.
    static let missing: Comment =
        "needs a PostgreSQL server: RULEBOOK_TEST_POSTGRES_URL is not set (run under scripts/with-postgres, as scripts/test does)"

    /// The folder of the server's Unix socket.
    static let socketFolder = environment["RULEBOOK_TEST_POSTGRES_SOCKET"]

    /// The certificate the server presents (self-signed, for 127.0.0.1).
    static let certificate = environment["RULEBOOK_TEST_POSTGRES_CA"]

    /// The server's location, for administration.
    static func server() throws -> PostgresLocation {
        try PostgresLocation(url: try url.orThrow("RULEBOOK_TEST_POSTGRES_URL is not set"), environment: [:])
    }

    /// A new, empty database; `drop()` removes it.
    final class Database: Sendable {
        let name = "rb_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let location: PostgresLocation

        init() throws {
            var location = try server()
            try TestPostgres.admin("CREATE DATABASE \(name) TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US'")
            location.database = name
            self.location = location
        }

        /// The database's URL, password included.
        var url: String {
            let server = try! TestPostgres.server()
            return "postgresql://\(server.user):\(server.password ?? "")@\(server.host ?? "127.0.0.1"):\(server.port)/\(name)"
        }

        func store() throws -> PostgresResultStore {
            try PostgresResultStore(location: location)
        }

        func drop() {
            try? TestPostgres.admin("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        }
    }

    /// Runs an administrative statement on the server's own database.
    static func admin(_ sql: String) throws {
        try query(sql, on: server())
    }

    /// Runs `sql` on a connection of its own to `location` and returns the first column of
    /// each row as text.
    @discardableResult
    static func query(_ sql: String, on location: PostgresLocation) throws -> [String?] {
        var configuration = PostgresConnection.Configuration(
            host: location.host ?? "127.0.0.1", port: location.port, username: location.user, password: location.password,
            database: location.database, tls: .disable)
        configuration.options.connectTimeout = .seconds(10)
        let connection = try PostgresConnection.connect(
            on: PostgresConnection.defaultEventLoopGroup.any(), configuration: configuration, id: 9, logger: Logger(label: "test")
        ).wait()
        defer { try? connection.close().wait() }
        return try connection.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "test")).wait().rows.map {
            try $0.first?.decode(String?.self)
        }
    }
}

extension Optional {
    func orThrow(_ reason: String) throws -> Wrapped {
        guard let self else { throw TestFailure(reason) }
        return self
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
