import ArgumentParser
import Foundation
import RulebookCore
import RulebookPipeline

extension ReportFormat: ExpressibleByArgument {}

/// `--format`, `--output` and repeatable `--report FORMAT=PATH`: where reports go.
struct ReportOutputOptions: ParsableArguments {
    @Option(help: "Output format.")
    var format: ReportFormat = .text

    @Option(help: "Write the report to this file instead of stdout.")
    var output: String?

    @Option(
        name: .customLong("report"),
        help: ArgumentHelp(
            "Also write a report in FORMAT (one of --format's) to PATH; repeatable: --report sarif=rulebook.sarif --report junit=rulebook.xml.",
            valueName: "FORMAT=PATH"))
    var reports: [ReportTarget] = []

    /// Every format asked for: `--format`, then each `--report`.
    var formats: [ReportFormat] { [format] + reports.map(\.format) }

    /// Writes `render(format, color)` for `--format` to `--output` or stdout (colour only
    /// for the text format on a terminal), then each `--report` to its file. A file that
    /// cannot be written is a usage error (`RB400`).
    func write(_ render: (ReportFormat, Bool) -> String) throws(RulebookError) {
        if let output {
            try Self.write(render(format, false), to: output, naming: "--output '\(output)'")
        } else {
            let color = TextReportRenderer.usesColor(fileDescriptor: STDOUT_FILENO, environment: ProcessInfo.processInfo.environment)
            FileHandle.standardOutput.write(Data(render(format, color).utf8))
        }
        for target in reports {
            try Self.write(render(target.format, false), to: target.path, naming: "--report \(target.format.rawValue)=\(target.path)")
        }
    }

    /// Writes in place (not by renaming a temporary file), so `/dev/stdout` and files such
    /// as `$GITHUB_STEP_SUMMARY` work too.
    private static func write(_ text: String, to path: String, naming option: String) throws(RulebookError) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw .invalidArgument("cannot write \(option): \(error.localizedDescription)")
        }
    }
}
