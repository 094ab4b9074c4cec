/// Where the check cache lives unless `--cache-path` says: per user, as the XDG Base
/// Directory specification places caches (`$XDG_CACHE_HOME/rulebook`, else
/// `~/.cache/rulebook`), like SwiftLint's and pre-commit's.
public enum CacheLocation {
    /// The cache folder for `environment`, or `nil` when it names no home to put one in.
    public static func defaultFolder(environment: [String: String]) -> String? {
        // The specification ignores a relative XDG_CACHE_HOME.
        if let folder = environment["XDG_CACHE_HOME"], folder.hasPrefix("/") {
            return folder + "/rulebook"
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.cache/rulebook"
    }
}
