import RulebookCLI

ProducerCommand.runAsRulebookCommand()
