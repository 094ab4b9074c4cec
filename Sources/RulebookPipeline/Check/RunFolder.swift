import Foundation
import RulebookCore

/// The private folder of one run (`rulebook check`) or server (`rulebook mcp`): its ipc
/// sockets and temporary database, in `TMPDIR`, mode 0700. It names its owner (process id
/// and start time, in `owner`), so that the folder of a run that was killed (SIGKILL leaves
/// no chance to clean up) is removed by the next run of the same user.
enum RunFolder {
    /// The file naming the process that made the folder.
    static let ownerFile = "owner"
    /// The longest `ipc://` socket path, `sun_path` without its NUL.
    static let socketPathLimit = 107

    /// Makes the folder under `TMPDIR`, or under `/tmp` when `TMPDIR` is too long for a
    /// socket path (a long one would make every endpoint fail to bind), missing or not
    /// writable; RB400 naming both reasons when neither works. Removes dead runs' folders first.
    static func make() throws(RulebookError) -> String {
        let temporary = FileManager.default.temporaryDirectory.path
        var reasons: [String] = []
        for parent in temporary == "/tmp" ? ["/tmp"] : [temporary, "/tmp"] {
            let longestSocket = parent.utf8.count + "/rulebook-XXXXXX/results".utf8.count
            guard longestSocket <= socketPathLimit else {
                reasons.append("\(parent) is too long for a socket path (\(longestSocket) of \(socketPathLimit) bytes)")
                continue
            }
            removeStale(in: parent)
            var template = Array((parent + "/rulebook-XXXXXX").utf8CString)
            if let pointer = mkdtemp(&template) {
                let folder = String(cString: pointer)
                // Without it the folder is only never removed by another run: no reason to fail.
                _ = FileManager.default.createFile(atPath: folder + "/" + ownerFile, contents: Data(Owner.current.text.utf8))
                return folder
            }
            reasons.append("\(parent): \(String(cString: strerror(errno)))")
        }
        throw .invalidArgument(
            "cannot create the run's private folder (\(reasons.joined(separator: "; "))); set TMPDIR to a short folder you can write")
    }

    /// Removes the run folders in `parent` that this user owns and whose owner process is gone.
    /// A folder without an owner file (made by an older Rulebook, or by something else) stays.
    static func removeStale(in parent: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        for name in names where name.hasPrefix("rulebook-") && name.utf8.count == "rulebook-XXXXXX".utf8.count {
            let folder = parent + "/" + name
            var status = stat()
            guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid(),
                let text = try? String(contentsOfFile: folder + "/" + ownerFile, encoding: .utf8),
                let owner = Owner(text: text), !owner.isRunning
            else { continue }
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// A process, by its id and start time (a reused id is another process).
    struct Owner: Equatable {
        var pid: Int32
        var started: String

        static var current: Owner { Owner(pid: getpid(), started: startTime(of: getpid()) ?? "") }

        var text: String { "\(pid) \(started)\n" }

        init(pid: Int32, started: String) {
            self.pid = pid
            self.started = started
        }

        init?(text: String) {
            let fields = text.split(separator: " ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            guard let first = fields.first, let pid = Int32(first), pid > 0 else { return nil }
            self.pid = pid
            started = fields.count > 1 ? fields[1] : ""
        }

        /// Whether the process still runs (the same one: same start time, where it can be read).
        var isRunning: Bool {
            guard kill(pid, 0) == 0 || errno == EPERM else { return false }
            guard !started.isEmpty, let now = Owner.startTime(of: pid) else { return true }
            return now == started
        }

        /// The process's start time in clock ticks since boot (`/proc/PID/stat`, field 22).
        static func startTime(of pid: Int32) -> String? {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 19 ? String(fields[19]) : nil
        }
    }
}
