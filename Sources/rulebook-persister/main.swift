import RulebookCLI

PersisterCommand.runAsRulebookCommand()
