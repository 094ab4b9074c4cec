import RulebookCLI

ValidatorCommand.runAsRulebookCommand()
