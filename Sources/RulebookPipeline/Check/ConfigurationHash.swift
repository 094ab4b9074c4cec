import Foundation
import RulebookCore

/// A stable hash of the effective configuration, stored with every run so history can tell
/// runs under different settings apart: a ``StableHash`` of the configuration as JSON with
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
        return StableHash.of(bytes).hex
    }
}
