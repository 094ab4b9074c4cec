import Foundation
import RulebookCore

/// The JSON report (`schemas/report.schema.json`): pretty-printed with sorted keys.
public enum JSONReportRenderer {
    /// The report as JSON text ending in a newline.
    public static func render(_ report: CheckReport) -> String {
        encode(report)
    }

    /// Any value as Rulebook's JSON style: pretty-printed, sorted keys, unescaped slashes.
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain value types cannot fail.
        let data = (try? encoder.encode(value)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
