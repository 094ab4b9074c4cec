import Foundation
import RulebookCore

/// A finding's fix as every store keeps it: its JSON in a nullable text column (`findings.fix`),
/// so a report read back from the history offers the same fixes as the run's own.
extension StoredJSON {
    /// The column's value for `fix`: its JSON, or `nil` (`NULL`) for none.
    public static func encode(_ fix: Fix?) -> String? {
        guard let fix else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Our own Codable value of strings, numbers and arrays: encoding cannot fail.
        return (try? encoder.encode(fix)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The fix a column holds; `nil` for `NULL` (rows stored before fixes were kept) and for
    /// a text that is not one.
    public static func fix(from text: String?) -> Fix? {
        text.flatMap { try? JSONDecoder().decode(Fix.self, from: Data($0.utf8)) }
    }
}
