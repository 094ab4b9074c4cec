/// Stable finding fingerprints: FNV-1a (64-bit) over the rule id, the file and the
/// whitespace-normalised text of the offending line (or the JSON pointer of a declared
/// spec). Line numbers are deliberately left out, so a finding keeps its fingerprint when
/// unrelated lines above it move.
public enum Fingerprint {
    /// The fingerprint as 16 lowercase hex digits.
    public static func make(ruleId: String, file: String, anchor: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in [ruleId, file, normalise(anchor)] {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            hash ^= 0xff
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Collapses runs of whitespace to one space and trims both ends.
    public static func normalise(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" })
            .joined(separator: " ")
    }
}
