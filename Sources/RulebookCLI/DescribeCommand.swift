import ArgumentParser
import Foundation
import RulebookCore
import RulebookPipeline
import RulebookSwiftSource

/// `rulebook describe PATHS…`: the declared spec of existing Swift features, the format a
/// code generator pushes to learn what a planned feature would violate.
struct DescribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe",
        abstract: "Print the declared JSON spec of each Swift feature (one JSON object per line).")

    @Argument(help: "Swift files or folders.")
    var paths: [String]

    func run() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for spec in try SpecScanner().specs(in: paths) {
            guard let declared = try SwiftFeatureDescriber.declaredSpec(of: spec) else { continue }
            try StandardStreams.output(String(decoding: try encoder.encode(declared), as: UTF8.self) + "\n")
        }
    }
}
