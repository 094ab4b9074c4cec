import Foundation
import PostgresNIO
import RulebookCore

/// The connection settings a ``PostgresLocation`` asks for, TLS above all: `sslmode` as libpq
/// reads it.
enum PostgresTLS {
    static func configuration(for location: PostgresLocation) throws(RulebookError) -> PostgresConnection.Configuration {
        let tls = try self.tls(for: location)
        var configuration: PostgresConnection.Configuration
        if let folder = location.socketFolder {
            configuration = PostgresConnection.Configuration(
                unixSocketPath: "\(folder)/.s.PGSQL.\(location.port)", username: location.user, password: location.password,
                database: location.database)
        } else {
            configuration = PostgresConnection.Configuration(
                host: location.host ?? "localhost", port: location.port, username: location.user, password: location.password,
                database: location.database, tls: tls)
        }
        configuration.options.additionalStartupParameters = [("application_name", "rulebook")]
        return configuration
    }

    private static func tls(for location: PostgresLocation) throws(RulebookError) -> PostgresConnection.Configuration.TLS {
        var settings = TLSConfiguration.makeClientConfiguration()
        switch location.tlsMode {
        case .disable:
            return .disable
        case .allow, .prefer, .require:
            // libpq checks no certificate in these modes, unless `require` names the
            // authorities to trust.
            settings.certificateVerification = location.tlsMode == .require && location.rootCertificate != nil ? .noHostnameVerification : .none
        case .verifyCA:
            settings.certificateVerification = .noHostnameVerification
        case .verifyFull:
            settings.certificateVerification = .fullVerification
        }
        if let file = location.rootCertificate {
            settings.trustRoots = .file(file)
        }
        do {
            let context = try NIOSSLContext(configuration: settings)
            return location.tlsMode == .require || location.tlsMode == .verifyCA || location.tlsMode == .verifyFull
                ? .require(context) : .prefer(context)
        } catch {
            throw .databaseUnavailable(
                path: location.description, reason: "cannot set up TLS (sslrootcert \(location.rootCertificate ?? "none")): \(error)")
        }
    }
}
