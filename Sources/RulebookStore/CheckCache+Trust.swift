import Foundation
import RulebookCore

/// Whether the cache's folder and files can be trusted before anything is read from them, as
/// SSH checks its keys: a cache that another user can write could be filled with verdicts
/// that make a violating file pass, and a symbolic link planted at its path could make the
/// cache write into another file (a history database). The folder and every file of the
/// database must be this user's own, not writable by group or others, and no symbolic link.
extension CheckCache {
    /// Throws RB300 naming the first reason not to trust `folder` or its cache files.
    static func checkTrust(folder: String, path: String) throws(RulebookError) {
        let folderMode = try checkOwned(folder, isFolder: true, othersMayEnter: true)
        // A file's own write bits matter only when others can enter the folder (a umask of
        // 002 makes new files group-writable inside a private 0700 folder, harmlessly).
        let othersMayEnter = folderMode & (S_IXGRP | S_IXOTH) != 0
        for file in [path, path + "-wal", path + "-shm"] {
            try checkOwned(file, isFolder: false, othersMayEnter: othersMayEnter)
        }
    }

    /// `item` (when it exists) is a folder or regular file of this user that only they can
    /// write (when others can reach it at all); its mode.
    @discardableResult
    private static func checkOwned(_ item: String, isFolder: Bool, othersMayEnter: Bool) throws(RulebookError) -> mode_t {
        var status = stat()
        guard lstat(item, &status) == 0 else {
            if errno == ENOENT, !isFolder { return 0 }
            throw .databaseUnavailable(path: item, reason: String(cString: strerror(errno)))
        }
        let kind = status.st_mode & S_IFMT
        guard kind != S_IFLNK else {
            throw .databaseUnavailable(path: item, reason: "it is a symbolic link; the cache uses only a real folder and files")
        }
        guard kind == (isFolder ? S_IFDIR : S_IFREG) else {
            throw .databaseUnavailable(path: item, reason: isFolder ? "it is not a folder" : "it is not a regular file")
        }
        guard status.st_uid == geteuid() else {
            throw .databaseUnavailable(path: item, reason: "it belongs to another user (uid \(status.st_uid))")
        }
        guard !othersMayEnter || status.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            throw .databaseUnavailable(
                path: item, reason: "group or other users can write it; run `chmod go-w` on it to use the cache")
        }
        return status.st_mode
    }
}
