import Foundation
import PackagePlugin

/// `swift package plugin rulebook [paths…] [check options]`: runs `rulebook check` in the
/// package's folder (so its `.rulebook.yml` applies) on the given paths, the sources of the
/// `--target`s named, or else what the configuration includes (the whole package by default).
/// Findings are printed compiler-style; an error finding or a rejected file fails the command.
@main
struct RulebookCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = ArgumentExtractor(arguments)
        let targetNames = arguments.extractOption(named: "target")
        let targetFolders = try context.package.targets(named: targetNames).compactMap { target in
            (target as? SwiftSourceModuleTarget)?.directoryURL.path
        }
        let rulebook = try context.tool(named: "rulebook")
        let process = Process()
        process.executableURL = rulebook.url
        process.currentDirectoryURL = context.package.directoryURL
        process.arguments = ["check"] + targetFolders + arguments.remainingArguments
        try process.run()
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: return
        case 1: Diagnostics.error("Rulebook found error-severity findings or files it could not check")
        default: Diagnostics.error("rulebook check failed with exit code \(process.terminationStatus)")
        }
    }
}
