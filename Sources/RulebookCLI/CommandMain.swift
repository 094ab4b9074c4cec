import ArgumentParser
import Foundation
import RulebookCore
import RulebookPipeline

extension ParsableCommand {
    /// Parses the command line and runs the command, mapping failures to Rulebook's exit
    /// codes: usage errors exit 2 (not ArgumentParser's 64), ``RulebookError``s exit with
    /// their taxonomy's code after printing `error: RBxxx: message` to stderr.
    public static func runAsRulebookCommand() -> Never {
        StandardStreams.reserve()
        do {
            var command = try parseAsRoot()
            try command.run()
            Foundation.exit(0)
        } catch let error as RulebookError where error.isReaderGone {
            // `rulebook check | head`: the reader has what it wanted; quiet, as SIGPIPE would be.
            Foundation.exit(error.exitCode)
        } catch let error as RulebookError where error == .interrupted {
            StandardStreams.error("error: \(error.code): \(error.message)\n")
            // As a shell reports a process the signal ended: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP.
            Foundation.exit(128 + (StopSignal.received ?? SIGINT))
        } catch let error as RulebookError {
            // Messages name paths and carry text from other processes.
            StandardStreams.error("error: \(error.code): \(TerminalText.escaped(error.message))\n")
            Foundation.exit(error.exitCode)
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                StandardStreams.error(fullMessage(for: error) + "\n")
                Foundation.exit(2)
            }
            self.exit(withError: error)
        }
    }
}
