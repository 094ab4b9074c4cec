/// How a feature is named from its files.
public enum FeatureNaming {
    /// File-name suffixes of the legacy five-file layout.
    public static let legacySuffixes = ["State", "Action", "Reducer", "Environment", "View"]

    /// `Login` for `LoginState`, `LoginView`, and for extension files such as
    /// `LoginEnvironment+Mock`; `nil` when the stem has no legacy suffix.
    public static func legacyPrefix(of stem: String) -> String? {
        let base = stem.split(separator: "+", maxSplits: 1).first.map(String.init) ?? stem
        for suffix in legacySuffixes where base.hasSuffix(suffix) && base.count > suffix.count {
            return String(base.dropLast(suffix.count))
        }
        return nil
    }

    /// The feature name for a file stem: its legacy prefix, or the stem without an
    /// extension-file suffix (`FeedError` for `FeedError+LocalizedError`). Files of one folder
    /// with the same feature name form one spec.
    public static func featureName(forFileStem stem: String) -> String {
        legacyPrefix(of: stem) ?? String(stem.split(separator: "+", maxSplits: 1).first ?? Substring(stem))
    }
}
