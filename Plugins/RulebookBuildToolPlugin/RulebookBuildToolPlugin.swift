import Foundation
import PackagePlugin

/// Checks a target's Swift files with Rulebook on every build: findings are printed as the
/// compiler prints diagnostics (`path:line:column: warning: …`), which `swift build` shows and
/// Xcode places on the line, and an error finding fails the build. The package's
/// `.rulebook.yml` applies when there is one.
@main
struct RulebookBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        var arguments = ["check", "--format", "text"]
        var inputs = sources
        let configuration = context.package.directoryURL.appending(path: ".rulebook.yml")
        if FileManager.default.fileExists(atPath: configuration.path) {
            arguments += ["--config", configuration.path]
            inputs.append(configuration)
        }
        // No outputs: such a command runs on every build (tools version 5.11 and later).
        return [
            .buildCommand(
                displayName: "Rulebook \(target.name)", executable: try context.tool(named: "rulebook").url,
                arguments: arguments + sources.map(\.path), inputFiles: inputs, outputFiles: [])
        ]
    }
}
