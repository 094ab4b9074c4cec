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

    /// The configuration at `path`, or the default file found from `folder` up to its
    /// repository's root (``locate(from:)``), or the defaults.
    public static func load(path: String?, folder: String = FileManager.default.currentDirectoryPath) throws(RulebookError) -> ConfigurationDocument {
        if let path, !FileManager.default.fileExists(atPath: path) {
            throw .invalidConfiguration("config file '\(path)' does not exist")
        }
        guard let candidate = path ?? locate(from: folder) else { return ConfigurationDocument() }
        var document = try parse(candidate)
        let absolute = candidate.hasPrefix("/") ? candidate : (folder as NSString).appendingPathComponent(candidate)
        document.folder = URL(fileURLWithPath: (absolute as NSString).deletingLastPathComponent).resolvingSymlinksInPath().path
        return document
    }

    /// The configuration's `included` paths (relative to its folder) as paths from `root`:
    /// relative below it, absolute elsewhere.
    public static func includedPaths(of document: ConfigurationDocument, from root: String) -> [String] {
        guard let folder = document.folder else { return document.included }
        return document.included.map { path in
            let absolute = path.hasPrefix("/") ? path : ((folder as NSString).appendingPathComponent(path) as NSString).standardizingPath
            if absolute == root { return "." }
            return absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : absolute
        }
    }

    /// The nearest `.rulebook.yml` in `folder` or a folder above it, up to the repository's
    /// root (the first folder holding `.git`) or the file system's: `rulebook check` run in a
    /// subfolder of a repository uses the repository's configuration.
    public static func locate(from folder: String) -> String? {
        var found: String?
        _ = climb(from: folder) { current in
            let candidate = (current as NSString).appendingPathComponent(defaultFileName)
            if FileManager.default.fileExists(atPath: candidate) { found = candidate }
            return found != nil
        }
        return found
    }

    /// The repository `folder` is in: the nearest folder at or above it holding `.git`.
    public static func repositoryRoot(from folder: String) -> String? {
        climb(from: folder) { _ in false }
    }

    /// Visits `folder` and the folders above it until `stop` holds or a repository's root
    /// (a folder holding `.git`) or the file system's was visited; returns the repository's
    /// root when it was reached.
    private static func climb(from folder: String, until stop: (String) -> Bool) -> String? {
        var current = (folder as NSString).standardizingPath
        while !stop(current) {
            if FileManager.default.fileExists(atPath: (current as NSString).appendingPathComponent(".git")) { return current }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty { return nil }
            current = parent
        }
        return nil
    }

    private static func parse(_ candidate: String) throws(RulebookError) -> ConfigurationDocument {
        let text = try read(candidate)
        guard YAMLExpansion.nodeCount(of: text, limit: maximumNodes) != nil else {
            throw .invalidConfiguration("'\(candidate)' expands through its YAML aliases to more than \(maximumNodes) values; write the lists out or use fewer nested aliases")
        }
        let value: Any?
        do {
            // Yams turns a mapping into a dictionary keyed by strings and traps on any other
            // key (`[a]: b`): keys are checked on the composed document first.
            try checkKeys(of: Yams.compose(yaml: text), in: candidate)
            value = try Yams.load(yaml: text)
        } catch let error as RulebookError {
            throw error
        } catch {
            throw .invalidConfiguration("'\(candidate)' is not valid YAML: \(Self.describe(error))")
        }
        return try ConfigurationDocument.parse(value)
    }

    /// A YAML error on one line, as a compiler states one (`line 3, column 2: did not find
    /// expected key (while parsing a block mapping at line 1, column 1)`): Yams's own text
    /// spans lines and quotes the source with a caret under it.
    static func describe(_ error: any Error) -> String {
        let located: (Yams.YamlError.Context?, String, Yams.Mark)?
        switch error as? YamlError {
        case .scanner(let context, let problem, let mark, _)?, .parser(let context, let problem, let mark, _)?,
            .composer(let context, let problem, let mark, _)?:
            located = (context, problem, mark)
        default:
            located = nil
        }
        guard let (context, problem, mark) = located else {
            return String(describing: error).split(whereSeparator: \.isNewline).joined(separator: "; ")
        }
        let around = context.map { " (\($0.text) at line \($0.mark.line), column \($0.mark.column))" } ?? ""
        return "line \(mark.line), column \(mark.column): \(problem)\(around)"
    }

    /// Throws when a mapping anywhere in `node` has a key that is not a plain value (a list
    /// or a mapping used as a key); a configuration's keys are names.
    private static func checkKeys(of node: Node?, in path: String) throws(RulebookError) {
        switch node {
        case .mapping(let mapping)?:
            for (key, value) in mapping {
                guard case .scalar = key else {
                    let line = key.mark.map { " at line \($0.line)" } ?? ""
                    throw .invalidConfiguration("'\(path)' has a key that is a list or mapping\(line); keys are names such as `rules` or a rule id")
                }
                try checkKeys(of: value, in: path)
            }
        case .sequence(let sequence)?:
            for element in sequence { try checkKeys(of: element, in: path) }
        default:
            return
        }
    }

    /// The file's text; a FIFO, a folder or a device is refused without blocking on it.
    private static func read(_ path: String) throws(RulebookError) -> String {
        let data: Data
        switch InputFile.read(path, name: path, limit: maximumFileSize, tooLarge: { _ in
            .invalidConfiguration("'\(path)' is larger than \(maximumFileSize) bytes; a configuration is a short YAML file")
        }) {
        case .success(let read): data = read
        case .failure(.unreadableInput(_, let reason)): throw .invalidConfiguration("cannot read '\(path)': \(reason)")
        case .failure(let error): throw error
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalidConfiguration("'\(path)' is not UTF-8 text")
        }
        return text
    }
}
