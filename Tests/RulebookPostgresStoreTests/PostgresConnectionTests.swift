import Foundation
import RulebookCore
import RulebookStore
import Testing

@testable import RulebookPostgresStore

/// Credentials come from the URL, `PGPASSWORD` or the password file and are never shown; TLS
/// is used when the URL asks for it, against the real server `scripts/with-postgres` starts
/// (password authentication, TLS with a self-signed certificate for 127.0.0.1).
@Suite(.enabled(if: TestPostgres.url != nil, TestPostgres.missing))
struct PostgresConnectionTests {
    /// The test server's URL without its password, and the password.
    static func withoutPassword() throws -> (url: String, password: String) {
        let server = try TestPostgres.server()
        return ("postgresql://\(server.user)@127.0.0.1:\(server.port)/postgres", try server.password.orThrow("no password"))
    }

    /// Whether the store's session is encrypted, as the server sees it.
    static func isEncrypted(_ location: PostgresLocation) throws -> Bool {
        let session = try PostgresSession(location: location)
        return try session.transaction { transaction in
            try transaction.run("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").rows.first?.decode(Bool.self) ?? false
        }
    }

    @Test func thePasswordComesFromPGPASSWORDWhenTheURLHasNone() throws {
        let (url, password) = try Self.withoutPassword()
        let location = try PostgresLocation(url: url, environment: ["PGPASSWORD": password])
        #expect(try Self.isEncrypted(location) == true, "sslmode defaults to prefer, and the server offers TLS")
    }

    @Test func thePasswordComesFromAPrivatePasswordFileAndNotFromAReadableOne() throws {
        let (url, password) = try Self.withoutPassword()
        let server = try TestPostgres.server()
        let file = FileManager.default.temporaryDirectory.path + "/rulebook-pgpass-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "# comment\nother:*:*:*:wrong\n127.0.0.1:\(server.port):*:\(server.user):\(password.replacingOccurrences(of: ":", with: "\\:"))\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o600)
        let location = try PostgresLocation(url: url, environment: ["PGPASSFILE": file])
        #expect(location.password == password)
        _ = try PostgresSession(location: location)
        // libpq ignores a password file that others may read; so does Rulebook.
        chmod(file, 0o644)
        #expect(try PostgresLocation(url: url, environment: ["PGPASSFILE": file]).password == nil)
    }

    @Test func aWrongPasswordFailsWithRB300AndIsNeverShown() throws {
        let (url, _) = try Self.withoutPassword()
        let secret = "not-the-password-\(UUID().uuidString)"
        let withSecret = url.replacingOccurrences(of: "@", with: ":\(secret)@")
        do {
            _ = try PostgresResultStore(location: PostgresLocation(url: withSecret, environment: [:]))
            Issue.record("a wrong password was accepted")
        } catch {
            #expect(error.code == "RB300")
            #expect(error.message.contains("password authentication failed"), "\(error.message)")
            #expect(!error.message.contains(secret))
        }
        #expect(!(try PostgresLocation(url: withSecret, environment: [:]).description).contains(secret))
    }

    @Test func anUnreachableServerFailsAtOnceWithRB300() throws {
        let started = ContinuousClock.now
        #expect(throws: RulebookError.self) {
            _ = try PostgresResultStore(location: PostgresLocation(url: "postgresql://u:p@127.0.0.1:1/db", environment: [:]))
        }
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test(arguments: [("disable", false), ("prefer", true), ("require", true)])
    func tlsIsUsedWhenTheURLAsksForIt(mode: String, encrypted: Bool) throws {
        let url = try #require(TestPostgres.url) + "?sslmode=\(mode)"
        #expect(try Self.isEncrypted(PostgresLocation(url: url, environment: [:])) == encrypted)
    }

    @Test func verifyFullTrustsOnlyTheNamedAuthority() throws {
        let certificate = try #require(TestPostgres.certificate)
        let url = try #require(TestPostgres.url)
        let trusted = try PostgresLocation(url: url + "?sslmode=verify-full&sslrootcert=\(certificate)", environment: [:])
        #expect(try Self.isEncrypted(trusted))
        // The system's authorities did not sign the test server's certificate.
        #expect(throws: RulebookError.self) {
            _ = try PostgresSession(location: PostgresLocation(url: url + "?sslmode=verify-full", environment: [:]))
        }
    }

    @Test func aUnixSocketFolderIsReachedByItsHostParameter() throws {
        let folder = try #require(TestPostgres.socketFolder)
        let server = try TestPostgres.server()
        let location = try PostgresLocation(
            url: "postgresql://\(server.user)@/postgres?host=\(folder)&port=\(server.port)", environment: ["PGPASSWORD": server.password ?? ""])
        #expect(location.socketFolder == folder)
        #expect(try Self.isEncrypted(location) == false)
    }
}
