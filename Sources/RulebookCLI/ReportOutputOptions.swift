import ArgumentParser
import Foundation
import RulebookCore
import RulebookPipeline

extension ReportFormat: ExpressibleByArgument {}
extension Severity: ExpressibleByArgument {}

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
    /// cannot be opened is a usage error (`RB400`); one that fails while written (a full
    /// disk) is `RB303`, as is standard output that cannot be written.
    func write(_ render: (ReportFormat, Bool) -> String) throws(RulebookError) {
        if let output {
            try Self.write(render(format, false), to: output, naming: "--output '\(output)'")
        } else {
            let color = TextReportRenderer.usesColor(fileDescriptor: STDOUT_FILENO, environment: ProcessInfo.processInfo.environment)
            try StandardStreams.output(render(format, color))
        }
        for target in reports {
            try Self.write(render(target.format, false), to: target.path, naming: "--report \(target.format.rawValue)=\(target.path)")
        }
    }

    /// Writes in place (not by renaming a temporary file), so `/dev/stdout` and files such
    /// as `$GITHUB_STEP_SUMMARY` work too.
    private static func write(_ text: String, to path: String, naming option: String) throws(RulebookError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .invalidArgument("cannot write \(option): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        try StandardStreams.write(Data(text.utf8), to: descriptor, destination: option)
    }
}
