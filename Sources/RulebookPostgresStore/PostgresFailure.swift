import PostgresNIO

/// What PostgreSQL's errors say, for messages. `PSQLError` prints only a generic text (its
/// fields may hold data); the server's own message and SQLSTATE name the problem without the
/// statement's values or the password.
enum PostgresFailure {
    /// The server's message and SQLSTATE, or the client's error code.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return String(describing: error) }
        if let info = error.serverInfo, let message = info[.message] {
            return "\(message) (SQLSTATE \(info[.sqlState] ?? "?"))"
        }
        if let underlying = error.underlying { return "\(error.code): \(describe(underlying))" }
        return "\(error.code)"
    }

    /// Whether another attempt may succeed: the server aborted the transaction to break a
    /// deadlock or a serialization conflict (SQLSTATE 40001, 40P01), ended the session
    /// (57P01–57P03, a restart) or the connection was lost (08…, or closed under the query).
    static func isTransient(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return false }
        if let state = error.serverInfo?[.sqlState] {
            return ["40001", "40P01", "57P01", "57P02", "57P03"].contains(state) || state.hasPrefix("08")
        }
        return [.serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown].contains(error.code)
    }

    /// Whether a failed connect may succeed later: the server is not listening (a restart in
    /// progress), is starting up or shutting down, or the connection broke. Refused
    /// credentials, an unknown database and TLS failures are not.
    static func mayReconnect(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return true }  // a socket's own error: refused, reset
        if let state = error.serverInfo?[.sqlState] { return state.hasPrefix("57P") || state.hasPrefix("08") }
        return [.serverClosedConnection, .connectionError, .uncleanShutdown].contains(error.code)
    }
}
