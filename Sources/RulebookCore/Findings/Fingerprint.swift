/// Stable finding fingerprints: a ``StableHash`` of the rule id, the file and the
/// whitespace-normalised text of the offending line (or the JSON pointer of a declared
/// spec). Line numbers are deliberately left out, so a finding keeps its fingerprint when
/// unrelated lines above it move.
public enum Fingerprint {
    /// The fingerprint as 16 lowercase hex digits.
    public static func make(ruleId: String, file: String, anchor: String) -> String {
        var hash = StableHash()
        for part in [ruleId, file, normalise(anchor)] {
            hash.add(part.utf8)
            hash.endPart()
        }
        return hash.hex
    }

    /// Collapses runs of whitespace to one space and trims both ends.
    public static func normalise(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" })
            .joined(separator: " ")
    }
}
