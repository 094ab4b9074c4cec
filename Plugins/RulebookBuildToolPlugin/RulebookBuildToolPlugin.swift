import Foundation
import PackagePlugin

/// Checks a target's Swift files with Rulebook whenever they change: findings are printed as
/// the compiler prints diagnostics, which `swift build` shows and Xcode places on the line,
/// and an error finding fails the build. The package's `.rulebook.yml` applies when there is
/// one; the result cache lives in the plugin's work folder. Built from source here; the
/// plugin package `scripts/release` makes runs this same file on prebuilt executables.
@main
struct RulebookBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        // The build system cancels the other targets' checks with SIGINT when one fails: they
        // finish and report their own findings (`--finish-on-interrupt`).
        let cache = context.pluginWorkDirectoryURL.appending(path: "cache").path
        var arguments = ["check", "--format", "text", "--finish-on-interrupt", "--cache-path", cache]
        var inputs = sources
        let configuration = context.package.directoryURL.appending(path: ".rulebook.yml")
        if FileManager.default.fileExists(atPath: configuration.path) {
            arguments += ["--config", configuration.path]
            inputs.append(configuration)
        }
        // No outputs: such a command runs whenever a source of the target changes. SwiftPM does
        // not run it again when only `.rulebook.yml` changes (swiftlang/swift-package-manager#7891).
        return [
            .buildCommand(
                displayName: "Rulebook \(target.name)", executable: try context.tool(named: "rulebook").url,
                arguments: arguments + sources.map(\.path), inputFiles: inputs, outputFiles: [])
        ]
    }
}
