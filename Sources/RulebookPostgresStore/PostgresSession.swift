import Foundation
import Logging
import PostgresNIO
import RulebookCore
import Synchronization

/// One connection to PostgreSQL for blocking code (the persister's loop, the command line):
/// each statement waits for the server's answer. Transactions are serialised on the
/// connection, reconnect when the server closed it, and run again when the server aborts them
/// to break a deadlock or a serialization conflict with another writer (a persister beside
/// this one), so a caller sees only failures that another attempt would not cure.
final class PostgresSession: Sendable {
    /// Attempts at a transaction the server aborted (deadlock, serialization) or lost.
    static let maxAttempts = 5
    /// How long a lost connection is tried again (a server restarting) before the session
    /// gives up with RB300: pauses from 100 ms, doubling up to 2 s.
    static let reconnectWindow = Duration.seconds(30)

    let location: PostgresLocation
    private let configuration: PostgresConnection.Configuration
    private let logger: Logger
    private let connection: Mutex<PostgresConnection?>

    /// Connects to `location`; fails at once when the server cannot be reached or refuses,
    /// or when it does not answer within `connectTimeout` (the client's default, 10 s).
    init(location: PostgresLocation, connectTimeout: Duration? = nil) throws(RulebookError) {
        self.location = location
        var configuration = try PostgresTLS.configuration(for: location)
        if let connectTimeout {
            configuration.options.connectTimeout = .milliseconds(Int64((connectTimeout / .milliseconds(1)).rounded(.up)))
        }
        self.configuration = configuration
        var logger = Logger(label: "rulebook.postgres")
        // The client's debug and trace messages show protocol messages, the authentication's
        // among them: they never reach the logs.
        if logger.logLevel < .info { logger.logLevel = .info }
        self.logger = logger
        connection = Mutex(try Self.connect(configuration, location: location, logger: logger))
    }

    deinit {
        // Not waited for: the client waits 5 s for a frozen server before it gives up, which
        // would hold `rulebook check --timeout` past its bound. The callback keeps the
        // connection until it is closed (the client requires it).
        connection.withLock { current in
            guard let connection = current else { return }
            let closing: EventLoopFuture<Void> = connection.close()
            closing.whenComplete { _ in withExtendedLifetime(connection) {} }
        }
    }

    /// Runs `body` in a transaction and commits it, trying again (from the start) when the
    /// server aborted it to resolve a conflict or the connection was lost.
    func transaction<T>(_ body: (PostgresTransaction) throws -> T) throws -> T {
        try connection.withLock { current in
            var attempt = 1
            while true {
                let open: PostgresConnection
                if let existing = current, !existing.isClosed {
                    open = existing
                } else {
                    open = try reconnect()
                    current = open
                }
                let transaction = PostgresTransaction(connection: open, logger: logger)
                do {
                    try transaction.run("BEGIN")
                    let value = try body(transaction)
                    try transaction.run("COMMIT")
                    return value
                } catch {
                    if !open.isClosed { _ = try? transaction.run("ROLLBACK") }
                    guard attempt < Self.maxAttempts, open.isClosed || PostgresFailure.isTransient(error) else { throw error }
                    logger.notice(
                        "PostgreSQL transaction aborted, trying again",
                        metadata: ["attempt": "\(attempt)", "reason": "\(PostgresFailure.describe(error))"])
                    attempt += 1
                    // A random pause, so that writers aborted together do not meet again at once.
                    usleep(UInt32.random(in: 1_000...20_000) * UInt32(attempt))
                }
            }
        }
    }

    /// A new connection once the old one is lost, tried again while the server cannot be
    /// reached for up to ``reconnectWindow`` (RB300 after it, or at once for a refusal that
    /// another attempt would not cure).
    private func reconnect() throws(RulebookError) -> PostgresConnection {
        let deadline = ContinuousClock.now + Self.reconnectWindow
        var pause = Duration.milliseconds(100)
        var attempt = 1
        while true {
            do {
                return try Self.open(configuration, logger: logger)
            } catch {
                guard PostgresFailure.mayReconnect(error), ContinuousClock.now + pause < deadline else {
                    throw .databaseUnavailable(path: location.description, reason: PostgresFailure.describe(error))
                }
                logger.notice(
                    "PostgreSQL cannot be reached, connecting again",
                    metadata: ["attempt": "\(attempt)", "reason": "\(PostgresFailure.describe(error))"])
                Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18 + Double(pause.components.seconds))
                pause = min(pause * 2, .seconds(2))
                attempt += 1
            }
        }
    }

    private static func connect(
        _ configuration: PostgresConnection.Configuration, location: PostgresLocation, logger: Logger
    ) throws(RulebookError) -> PostgresConnection {
        do {
            return try open(configuration, logger: logger)
        } catch {
            throw .databaseUnavailable(path: location.description, reason: PostgresFailure.describe(error))
        }
    }

    /// A new connection, or the client's own error (which ``reconnect()`` tells apart).
    private static func open(_ configuration: PostgresConnection.Configuration, logger: Logger) throws -> PostgresConnection {
        try PostgresConnection.connect(
            on: PostgresConnection.defaultEventLoopGroup.any(), configuration: configuration, id: 1, logger: logger
        ).wait()
    }
}

/// Statements on a connection, inside ``PostgresSession/transaction(_:)``.
struct PostgresTransaction {
    let connection: PostgresConnection
    let logger: Logger

    /// Runs `query` and returns its rows.
    @discardableResult
    func run(_ query: PostgresQuery) throws -> PostgresQueryResult {
        try connection.query(query, logger: logger).wait()
    }
}
