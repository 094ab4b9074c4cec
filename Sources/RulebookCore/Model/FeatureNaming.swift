/// How a feature is named from its files.
public enum FeatureNaming {
    /// File-name suffixes of the legacy five-file layout.
    public static let legacySuffixes = ["State", "Action", "Reducer", "Environment", "View"]

    /// `Login` for `LoginState`, `LoginView` …; `nil` when the stem has no legacy suffix.
    public static func legacyPrefix(of stem: String) -> String? {
        for suffix in legacySuffixes where stem.hasSuffix(suffix) && stem.count > suffix.count {
            return String(stem.dropLast(suffix.count))
        }
        return nil
    }

    /// The feature name for a file stem: its legacy prefix, or the stem itself.
    public static func featureName(forFileStem stem: String) -> String {
        legacyPrefix(of: stem) ?? stem
    }
}
