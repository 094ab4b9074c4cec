import Foundation

/// Lists of strings (a run's paths, a spec's files) as every store keeps them: one JSON
/// array in a text column.
public enum StoredJSON {
    /// `strings` as a JSON array.
    public static func encode(_ strings: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
    }

    /// The strings of a stored JSON array; empty when there is none or it cannot be read.
    public static func decode(_ text: String?) -> [String] {
        text.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? []
    }
}
