import ArgumentParser
import RulebookPipeline

/// `rulebook keygen NAME`: a new CURVE key pair in two files (SECURITY.md).
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Create a CURVE key pair: NAME.key (secret, mode 0600) and NAME.pub (public), in Z85.",
        discussion: """
            Services that bind use a shared server key pair; every client (validator, producer, \
            foreign tool) has its own, and its NAME.pub goes into the servers' --curve-authorized \
            folder. Existing files are never overwritten.
            """)

    @Argument(help: "Name of the key pair, e.g. server or validator-1.")
    var name: String

    @Option(help: "Folder to write the key files to (created with mode 0700 if missing).")
    var dir = "."

    func run() throws {
        let written = try CurveKeyFiles.generate(name: name, in: dir)
        try StandardStreams.output(written.secretKeyPath + "\n" + written.publicKeyPath + "\n")
    }
}
