import Foundation
import RulebookCore
import Synchronization

/// A long-lived server's `.rulebook.yml` (or `--config`), read again whenever it changes
/// (`rulebook mcp`, `rulebook lsp`): an edit counts from the next call without a restart, and
/// a file that cannot be read or is invalid fails the calls that use it (RB401) instead of
/// stopping the server.
public final class ConfigurationFile: Sendable {
    /// `--config`, if given.
    private let path: String?
    /// Where the nearest `.rulebook.yml` is looked for, and `--config` is relative to.
    private let folder: String
    private let last = Mutex<Reading?>(nil)

    /// A file read, and what was read.
    private struct Reading {
        var file: FileState
        var result: Result<ConfigurationDocument, RulebookError>
    }

    /// What tells an edited file from the one read: where it is, its identity, size and time.
    private struct FileState: Equatable {
        var path: String?
        var number: UInt64?
        var size: UInt64?
        var modified: Date?
    }

    public init(path: String?, folder: String) {
        self.path = path
        self.folder = folder
    }

    /// The configuration as the file says now.
    public func current() -> Result<ConfigurationDocument, RulebookError> {
        let state = currentState()
        if let reading = last.withLock({ $0 }), reading.file == state { return reading.result }
        let result = Result { () throws(RulebookError) in try ConfigurationLoader.load(path: path, folder: folder) }
        last.withLock { $0 = Reading(file: state, result: result) }
        return result
    }

    private func currentState() -> FileState {
        let located = path.map { $0.hasPrefix("/") ? $0 : (folder as NSString).appendingPathComponent($0) }
            ?? ConfigurationLoader.locate(from: folder)
        guard let located, let attributes = try? FileManager.default.attributesOfItem(atPath: located) else {
            return FileState(path: located)
        }
        return FileState(
            path: located, number: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value,
            size: (attributes[.size] as? NSNumber)?.uint64Value, modified: attributes[.modificationDate] as? Date)
    }
}
