import Foundation
import RulebookCore

/// A stable hash of the effective configuration, stored with every run so history can tell
/// runs under different settings apart: FNV-1a (64-bit) over the configuration as JSON with
/// sorted keys, as 16 hex digits. The same settings hash the same whether they come from a
/// file or from the defaults.
public enum ConfigurationHash {
    /// The hash of `configuration`.
    public static func of(_ configuration: ConfigurationDocument) -> String {
        struct Canonical: Encodable {
            var included: [String]
            var excluded: [String]
            var rules: RuleConfiguration
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let canonical = Canonical(included: configuration.included, excluded: configuration.excluded, rules: configuration.rules)
        // Encoding strings, lists and dictionaries of them cannot fail.
        let bytes = (try? encoder.encode(canonical)) ?? Data()
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
