import Foundation

/// `excluded` patterns of the configuration: a plain path excludes itself and everything
/// below it (`Tests`, `Sources/Generated`); a pattern with `*`, `?` or `[` is a glob in which
/// `*` also matches `/` (`**/Generated/**`, `*.generated.swift`).
public struct PathFilter: Sendable {
    private let patterns: [String]

    public init(excluded: [String]) {
        self.patterns = excluded.map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }
    }

    /// Whether `path` (relative to the configuration's folder) is excluded.
    public func excludes(_ path: String) -> Bool {
        patterns.contains { pattern in
            if pattern.contains(where: { "*?[".contains($0) }) {
                let trimmed = pattern.hasPrefix("**/") ? String(pattern.dropFirst(3)) : pattern
                return fnmatch(pattern, path, 0) == 0 || fnmatch(trimmed, path, 0) == 0
            }
            let folder = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
            return path == folder || path.hasPrefix(folder + "/")
        }
    }
}
