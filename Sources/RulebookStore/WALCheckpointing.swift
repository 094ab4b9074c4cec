/// Who copies a ``SQLiteResultStore``'s write-ahead log into the database.
public enum WALCheckpointing: Sendable {
    /// SQLite's default: the commit that takes the log past 1,000 frames checkpoints it,
    /// and stalls for as long as that takes.
    case inCommits
    /// A ``WALCheckpointer`` thread copies the log as it grows, and a commit checkpoints only
    /// when the log reaches ``frameLimit`` frames: by then the thread has copied nearly all of
    /// it, so the commit copies the rest and the log starts over. SQLite restarts the log only
    /// at a transaction that begins when every frame has been copied, which under steady
    /// writes (one commit per spec) the thread alone never sees: the log then grew without
    /// bound (BENCHMARKS.md has the measurements).
    case background

    /// The log's size, in frames (4 KiB pages), at which a commit checkpoints in
    /// ``background`` mode: 64 MiB. That commit stalls for the copy and two syncs of what the
    /// thread has not copied yet (at most one interval's frames), so the stall is short and
    /// rare under steady writes.
    public static let frameLimit = 16_384

    /// SQLite's `wal_autocheckpoint` for this mode.
    var autocheckpointFrames: Int {
        switch self {
        case .inCommits: 1_000
        case .background: Self.frameLimit
        }
    }
}
