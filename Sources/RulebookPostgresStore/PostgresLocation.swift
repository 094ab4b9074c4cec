import Foundation
import RulebookCore
import RulebookStore

/// A PostgreSQL database named by a `postgres://` or `postgresql://` URL, as libpq reads one:
/// `postgresql://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=MODE&sslrootcert=FILE`, or with a
/// Unix socket folder, `postgresql:///DATABASE?host=/var/run/postgresql`.
///
/// What the URL leaves out comes from the environment as in libpq: `PGUSER`, `PGPASSWORD`,
/// the password file (`PGPASSFILE`, else `~/.pgpass`), `PGDATABASE`, `PGSSLMODE` and
/// `PGSSLROOTCERT`. The password is read, used to connect and never shown: ``description`` and
/// every error name the database without it.
public struct PostgresLocation: Sendable, CustomStringConvertible {
    /// How the connection is secured (libpq's `sslmode`).
    public enum TLSMode: String, Sendable, CaseIterable {
        /// Never TLS.
        case disable
        /// TLS when the server offers it, else plaintext; the certificate is not checked.
        case allow, prefer
        /// TLS or no connection; the certificate is not checked (it is when `sslrootcert` is
        /// given, as `verify-ca`).
        case require
        /// TLS with a certificate signed by a trusted authority.
        case verifyCA = "verify-ca"
        /// TLS with a trusted certificate issued for the host named.
        case verifyFull = "verify-full"
    }

    /// The host name or address, or `nil` with ``socketFolder``.
    public var host: String?
    /// The folder holding the server's Unix socket, instead of a host.
    public var socketFolder: String?
    public var port: Int
    public var user: String
    /// Never printed.
    public var password: String?
    public var database: String
    public var tlsMode: TLSMode
    /// The certificate authorities to trust (PEM), instead of the system's.
    public var rootCertificate: String?

    /// Whether `text` is a PostgreSQL URL (and not a SQLite file).
    public static func isURL(_ text: String) -> Bool {
        DatabaseURL.isPostgres(text)
    }

    /// Reads `url`; what it leaves out comes from `environment` and the password file.
    public init(url: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(RulebookError) {
        // The URL is never quoted back: it may hold a password.
        guard Self.isURL(url), let components = URLComponents(string: url) else {
            throw .invalidArgument("the database URL is not a valid postgresql:// URL (the form is postgresql://USER@HOST:PORT/DATABASE)")
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard Self.parameters.contains(item.name) else {
                throw .invalidArgument(
                    "the database URL has the parameter '\(Self.printable(item.name))'; known: \(Self.parameters.sorted().joined(separator: ", "))")
            }
            query[item.name] = item.value ?? ""
        }
        let hostParameter = query["host"].flatMap { $0.isEmpty ? nil : $0 }
        if let folder = hostParameter, folder.hasPrefix("/") {
            socketFolder = folder
            host = nil
        } else {
            socketFolder = nil
            // An IPv6 address without the brackets a URL puts around it.
            let named = components.host.map { $0.hasPrefix("[") && $0.hasSuffix("]") ? String($0.dropFirst().dropLast()) : $0 }
            host = named.flatMap { $0.isEmpty ? nil : $0 } ?? hostParameter ?? environment["PGHOST"] ?? "localhost"
        }
        if let text = query["port"] ?? environment["PGPORT"], components.port == nil {
            guard let value = Int(text), (1...65_535).contains(value) else {
                throw .invalidArgument("the database URL's port is not a number from 1 to 65535")
            }
            port = value
        } else {
            port = components.port ?? 5432
        }
        user = components.user.flatMap { $0.isEmpty ? nil : $0 } ?? environment["PGUSER"] ?? Self.loginName()
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? (environment["PGDATABASE"] ?? user) : path
        let mode = query["sslmode"] ?? environment["PGSSLMODE"] ?? TLSMode.prefer.rawValue
        guard let tlsMode = TLSMode(rawValue: mode) else {
            throw .invalidArgument(
                "the database URL's sslmode '\(Self.printable(mode))' is not one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.tlsMode = tlsMode
        rootCertificate = query["sslrootcert"] ?? environment["PGSSLROOTCERT"]
        password = components.password
        if password == nil { password = environment["PGPASSWORD"] }
        if password == nil { password = PasswordFile.password(for: self, environment: environment) }
    }

    /// The query parameters understood (libpq's names).
    static let parameters: Set<String> = ["sslmode", "sslrootcert", "host", "port"]

    /// The database as a URL without its password, for logs and messages.
    public var description: String {
        let place = socketFolder.map { "[\($0)]" } ?? (host?.contains(":") == true ? "[\(host!)]" : host ?? "")
        return "postgresql://\(user)@\(place):\(port)/\(database)?sslmode=\(tlsMode.rawValue)"
    }

    /// The host as the password file names it: the socket folder for a Unix socket.
    var passwordFileHost: String { socketFolder ?? host ?? "localhost" }

    private static func loginName() -> String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return "postgres"
    }

    /// `text` without control characters, for an error message.
    static func printable(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) }.prefix(64))
    }
}
