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
        if let word = CommandLine.arguments.dropFirst().first, let suggestion = suggestedSubcommand(for: word) {
            StandardStreams.error("error: '\(TerminalText.escaped(word))' is not a \(_commandName) command; did you mean '\(suggestion)'?\n")
            Foundation.exit(2)
        }
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

    /// The subcommand `word` is probably a misspelling of (`chek` → `check`): one whose name
    /// is at most two edits away, when `word` is not itself a subcommand or an option.
    static func suggestedSubcommand(for word: String) -> String? {
        let names = configuration.subcommands.map { $0._commandName }
        guard !names.isEmpty, !word.hasPrefix("-"), !names.contains(word) else { return nil }
        return names.map { ($0, EditDistance.between(word, $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }
}

