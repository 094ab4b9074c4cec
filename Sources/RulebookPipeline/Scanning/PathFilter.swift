import Foundation

/// `excluded` patterns of the configuration: a plain path excludes itself and everything
/// below it (`Tests`, `Sources/Generated`); a pattern with `*`, `?` or `[` is a glob in which
/// `*` also matches `/` (`**/Generated/**`, `*.generated.swift`).
public struct PathFilter: Sendable {
    private let patterns: [String]
    /// The scan root's path from the configuration's folder (`""`: the same folder), put in
    /// front of each path the scan names, since the patterns are relative to that folder.
    private let base: String

    /// Patterns relative to `folder` (the configuration's; `nil`: the scan root) for paths
    /// relative to `root`.
    public init(excluded: [String], folder: String? = nil, root: String? = nil) {
        self.patterns = excluded.map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }
        base = folder.flatMap { folder in root.map { Self.relativePath(from: folder, to: $0) } } ?? ""
    }

    /// `to` as a path from `from` (both absolute), ending in `/` unless empty.
    static func relativePath(from: String, to: String) -> String {
        let source = (from as NSString).standardizingPath.split(separator: "/")
        let target = (to as NSString).standardizingPath.split(separator: "/")
        let shared = zip(source, target).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: source.count - shared) + target.dropFirst(shared).map(String.init)
        return parts.isEmpty ? "" : parts.joined(separator: "/") + "/"
    }

    /// Whether `path` (relative to the scan root) is excluded.
    public func excludes(_ path: String) -> Bool {
        let path = base + path
        return patterns.contains { pattern in
            if pattern.contains(where: { "*?[".contains($0) }) {
                let trimmed = pattern.hasPrefix("**/") ? String(pattern.dropFirst(3)) : pattern
                return fnmatch(pattern, path, 0) == 0 || fnmatch(trimmed, path, 0) == 0
            }
            let folder = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
            return path == folder || path.hasPrefix(folder + "/")
        }
    }
}
