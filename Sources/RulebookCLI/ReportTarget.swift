import ArgumentParser
import RulebookPipeline

/// One `--report FORMAT=PATH`: a report format written to a file.
struct ReportTarget: ExpressibleByArgument, Sendable {
    var format: ReportFormat
    var path: String

    init?(argument: String) {
        guard let separator = argument.firstIndex(of: "="),
            let format = ReportFormat(rawValue: String(argument[..<separator]))
        else { return nil }
        let path = String(argument[argument.index(after: separator)...])
        guard !path.isEmpty else { return nil }
        self.format = format
        self.path = path
    }

    static var defaultValueDescription: String { "FORMAT=PATH" }
}
