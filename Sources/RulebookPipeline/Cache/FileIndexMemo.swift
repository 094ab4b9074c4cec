import RulebookCore
import Synchronization

/// File indexes a long-lived server (`rulebook lsp`, `rulebook mcp`) keeps in memory between
/// its checks, by the file's exact text: each check of a workspace reads every file's index,
/// and decoding them again from the result cache's JSON is most of a warm check's time
/// (BENCHMARKS.md, "Editors and agents on a warm pipeline"). Bounded: emptied when it would
/// hold more than ``limit`` files.
public final class FileIndexMemo: Sendable {
    /// The most files kept: every Swift file of a large app, with room.
    public let limit: Int
    private let indexes = Mutex<[String: FileIndex]>([:])

    public init(limit: Int = 50_000) {
        self.limit = limit
    }

    /// The kept index of each file, `nil` where there is none.
    func indexes(of files: [SourceFile]) -> [FileIndex?] {
        indexes.withLock { kept in files.map { kept[$0.contents] } }
    }

    /// Keeps the index of each file of `found`.
    func keep(_ found: [(file: SourceFile, index: FileIndex)]) {
        guard !found.isEmpty else { return }
        indexes.withLock { kept in
            if kept.count + found.count > limit { kept.removeAll(keepingCapacity: true) }
            for (file, index) in found { kept[file.contents] = index }
        }
    }
}
