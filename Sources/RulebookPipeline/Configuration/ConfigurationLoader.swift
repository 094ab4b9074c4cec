import Foundation
import RulebookCore
import Yams

/// Reads `.rulebook.yml` (Yams) into a ``ConfigurationDocument``.
public enum ConfigurationLoader {
    /// The file looked for in the current folder when `--config` is not given.
    public static let defaultFileName = ".rulebook.yml"
    /// The largest configuration file read; a real one is a few kilobytes.
    public static let maximumFileSize = 1 << 20
    /// The most YAML nodes a configuration may expand to through its aliases.
    public static let maximumNodes = 100_000

    /// The configuration at `path`, or the default file if present, or the defaults.
    public static func load(path: String?, folder: String = FileManager.default.currentDirectoryPath) throws(RulebookError) -> ConfigurationDocument {
        let candidate = path ?? (folder as NSString).appendingPathComponent(defaultFileName)
        guard FileManager.default.fileExists(atPath: candidate) else {
            if let path { throw .invalidConfiguration("config file '\(path)' does not exist") }
            return ConfigurationDocument()
        }
        let text = try read(candidate)
        guard YAMLExpansion.nodeCount(of: text, limit: maximumNodes) != nil else {
            throw .invalidConfiguration("'\(candidate)' expands through its YAML aliases to more than \(maximumNodes) values; write the lists out or use fewer nested aliases")
        }
        let value: Any?
        do {
            value = try Yams.load(yaml: text)
        } catch {
            throw .invalidConfiguration("'\(candidate)' is not valid YAML: \(error)")
        }
        return try ConfigurationDocument.parse(value)
    }

    private static func read(_ path: String) throws(RulebookError) -> String {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: maximumFileSize + 1) ?? Data()
        } catch {
            throw .invalidConfiguration("cannot read '\(path)': \(error.localizedDescription)")
        }
        guard data.count <= maximumFileSize else {
            throw .invalidConfiguration("'\(path)' is larger than \(maximumFileSize) bytes; a configuration is a short YAML file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalidConfiguration("'\(path)' is not UTF-8 text")
        }
        return text
    }
}
