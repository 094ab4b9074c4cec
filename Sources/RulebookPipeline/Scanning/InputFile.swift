import Foundation
import RulebookCore

/// Reads one file a scan found, after checking what it is: a FIFO would block the read
/// forever, a device or a huge generated file would fill memory, and a dangling or looping
/// symbolic link deserves a clearer message than Foundation's. Every refusal is a
/// ``RulebookError`` naming the file.
public enum InputFile {
    /// The bytes of `path` (called `name` in errors), refused with `tooLarge(bytes)` when it
    /// holds more than `limit` bytes.
    static func read(
        _ path: String, name: String, limit: Int, confinement: String? = nil, tooLarge: (Int) -> RulebookError
    ) -> Result<Data, RulebookError> {
        // Non-blocking, so opening a FIFO with no writer returns at once.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadableInput(path: name, reason: openFailure(path, errno))) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        // What was opened, not what the path names now: a link swapped in after a check of
        // the path would otherwise be read (the check and the open are one step here).
        if let confinement {
            guard let opened = realPath(of: descriptor), isInside(opened, confinement) else {
                return .failure(.unreadableInput(path: name, reason: "it leads outside \(confinement) (a symbolic link?)"))
            }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            return .failure(.unreadableInput(path: name, reason: String(cString: strerror(errno))))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let kind = status.st_mode & S_IFMT == S_IFDIR ? "a folder, not a file" : "not a regular file (a FIFO, socket or device)"
            return .failure(.unreadableInput(path: name, reason: kind))
        }
        guard Int(status.st_size) <= limit else { return .failure(tooLarge(Int(status.st_size))) }
        do {
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            // The file may have grown since it was measured.
            return data.count > limit ? .failure(tooLarge(data.count)) : .success(data)
        } catch {
            return .failure(.unreadableInput(path: name, reason: (error as NSError).localizedDescription))
        }
    }

    /// The real path of the file an open descriptor refers to (links resolved by the open
    /// itself), as the kernel names it; `nil` when it cannot say.
    static func realPath(of descriptor: Int32) -> String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
            guard length > 0 else { return nil }
            let bytes = buffer[..<length].map { UInt8(bitPattern: $0) }
            return String(decoding: bytes, as: UTF8.self)
        #else
            var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
            guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
            return String(cString: buffer)
        #endif
    }

    /// Whether `path` is `folder` or inside it.
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// `data` as text, refused when it is not UTF-8 (a binary file named `.swift`).
    static func text(of data: Data, name: String) -> Result<String, RulebookError> {
        String(data: data, encoding: .utf8).map { .success($0) }
            ?? .failure(.unreadableInput(path: name, reason: "not UTF-8 text (a binary file?)"))
    }

    private static func openFailure(_ path: String, _ code: Int32) -> String {
        switch code {
        case ENOENT:
            var link = stat()
            return lstat(path, &link) == 0 ? "a symbolic link to a file that does not exist" : "no such file"
        case ELOOP: return "a loop of symbolic links"
        case EACCES: return "permission denied"
        default: return String(cString: strerror(code))
        }
    }
}
