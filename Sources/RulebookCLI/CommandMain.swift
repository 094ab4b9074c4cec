import ArgumentParser
import Foundation
import RulebookCore
import RulebookPipeline

extension ParsableCommand {
    /// Parses the command line and runs the command, mapping failures to Rulebook's exit
    /// codes: usage errors exit 2 (not ArgumentParser's 64), ``RulebookError``s exit with
    /// their taxonomy's code after printing `error: RBxxx: message` to stderr.
    public static func runAsRulebookCommand() -> Never {
        do {
            var command = try parseAsRoot()
            try command.run()
            Foundation.exit(0)
        } catch let error as RulebookError {
            // Messages name paths and carry text from other processes.
            FileHandle.standardError.write(Data("error: \(error.code): \(TerminalText.escaped(error.message))\n".utf8))
            Foundation.exit(error.exitCode)
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            self.exit(withError: error)
        }
    }
}
