import Foundation

/// The commit a checked folder is at, from `git rev-parse HEAD`; `nil` when git is not
/// installed, the folder is not in a work tree, or the repository has no commit yet.
public enum GitRevision {
    /// The `HEAD` commit of the work tree holding `path` (a file or folder).
    public static func head(of path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        let folder = isDirectory.boolValue ? path : (path as NSString).deletingLastPathComponent
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.isEmpty ? "." : folder, "rev-parse", "--verify", "--quiet", "HEAD"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let commit = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, commit.wholeMatch(of: /[0-9a-f]{40}|[0-9a-f]{64}/) != nil else { return nil }
        return commit
    }
}
