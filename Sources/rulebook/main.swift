import RulebookCLI

RulebookCommand.runAsRulebookCommand()
