import ArgumentParser
import Foundation
import RulebookCore
import RulebookPipeline

/// CURVE flags of every process that connects: its own key and the servers' public key.
struct CurveClientOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "This process's CURVE secret key, from `rulebook keygen` (RULEBOOK_CURVE_SECRET_KEY).", valueName: "file"))
    var curveSecretKey: String?

    @Option(help: ArgumentHelp(
        "Public key of the servers this process connects to, e.g. server.pub (RULEBOOK_CURVE_SERVER_KEY).", valueName: "file"))
    var curveServerKey: String?

    /// The client part of the socket security, from the flags or else the environment.
    func socketSecurity(environment: [String: String] = ProcessInfo.processInfo.environment) throws(RulebookError) -> SocketSecurity {
        let secret = curveSecretKey ?? environment[SocketSecurity.Variable.curveSecretKey.rawValue]
        let server = curveServerKey ?? environment[SocketSecurity.Variable.curveServerKey.rawValue]
        return SocketSecurity(
            keyPair: try secret.map(CurveKeyFiles.keyPair(secretKeyAt:)),
            serverKey: try server.map(CurveKeyFiles.publicKey(at:)))
    }
}

/// Security flags of the worker executables (SECURITY.md).
struct SecurityOptions: ParsableArguments {
    @Flag(help: "Allow binding endpoints other hosts can reach; needs CURVE keys (RULEBOOK_ALLOW_REMOTE=1).")
    var allowRemote = false

    @Option(help: ArgumentHelp(
        "Client public keys allowed to connect: a folder of NAME.pub files or a file with one key per line (RULEBOOK_CURVE_AUTHORIZED).",
        valueName: "path"))
    var curveAuthorized: String?

    @OptionGroup var curve: CurveClientOptions

    /// The socket security, from the flags or else the environment.
    func socketSecurity(environment: [String: String] = ProcessInfo.processInfo.environment) throws(RulebookError) -> SocketSecurity {
        var security = try curve.socketSecurity(environment: environment)
        let allowed = environment[SocketSecurity.Variable.allowRemote.rawValue]?.lowercased()
        security.allowRemote = allowRemote || ["1", "true", "yes"].contains(allowed ?? "")
        let authorized = curveAuthorized ?? environment[SocketSecurity.Variable.curveAuthorized.rawValue]
        security.authorizedKeys = try authorized.map(CurveKeyFiles.authorizedKeys(at:))
        return security
    }
}
