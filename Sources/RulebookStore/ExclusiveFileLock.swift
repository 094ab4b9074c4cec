import Foundation

/// An exclusive `flock` on a file of its own, held until this value is released or the process
/// ends (a `kill -9` included, so a stale lock never outlives its holder). A second holder,
/// in this process or another, fails at once instead of waiting.
final class ExclusiveFileLock: Sendable {
    /// Why the lock was not taken.
    enum Failure: Error {
        /// Another open file holds it.
        case held
        /// The file could not be opened or locked (`errno`).
        case system(String)
    }

    private let descriptor: Int32

    /// Takes the lock on `path`, creating the file if needed.
    init(path: String) throws(Failure) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .system(String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            throw code == EWOULDBLOCK ? .held : .system(String(cString: strerror(code)))
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }
}
