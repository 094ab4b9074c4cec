import Foundation
import RulebookCore
import Yams

/// Reads `.rulebook.yml` (Yams) into a ``ConfigurationDocument``.
public enum ConfigurationLoader {
    /// The file looked for in the current folder when `--config` is not given.
    public static let defaultFileName = ".rulebook.yml"

    /// The configuration at `path`, or the default file if present, or the defaults.
    public static func load(path: String?, folder: String = FileManager.default.currentDirectoryPath) throws(RulebookError) -> ConfigurationDocument {
        let candidate = path ?? (folder as NSString).appendingPathComponent(defaultFileName)
        guard FileManager.default.fileExists(atPath: candidate) else {
            if let path { throw .invalidConfiguration("config file '\(path)' does not exist") }
            return ConfigurationDocument()
        }
        let text: String
        do {
            text = try String(contentsOfFile: candidate, encoding: .utf8)
        } catch {
            throw .invalidConfiguration("cannot read '\(candidate)': \(error.localizedDescription)")
        }
        let value: Any?
        do {
            value = try Yams.load(yaml: text)
        } catch {
            throw .invalidConfiguration("'\(candidate)' is not valid YAML: \(error)")
        }
        return try ConfigurationDocument.parse(value)
    }
}
