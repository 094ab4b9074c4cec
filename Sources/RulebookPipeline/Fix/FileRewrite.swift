import Foundation
import RulebookCore

/// Replaces a file's contents atomically: the new text goes to a temporary file beside it,
/// with the original's permissions, is flushed to disk, then renamed over the original, so a
/// reader (an editor, a build) sees the old file or the new one, never a part. A symbolic link
/// keeps pointing at its target, which is the file rewritten.
enum FileRewrite {
    /// Writes `text` over the file at `path`.
    static func replace(_ path: String, with text: String) throws(RulebookError) {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var status = stat()
        guard stat(target, &status) == 0 else { throw failure(path, errno) }
        var template = Array((target as NSString).deletingLastPathComponent.utf8CString.dropLast())
            + Array("/.\((target as NSString).lastPathComponent).rulebook-fix-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw failure(path, errno) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failed: Int32?
        if fchmod(descriptor, status.st_mode & 0o7777) != 0 { failed = errno }
        if failed == nil { failed = DescriptorWrite.all(Data(text.utf8), to: descriptor) }
        if failed == nil, fsync(descriptor) != 0 { failed = errno }
        close(descriptor)
        if failed == nil, rename(temporary, target) != 0 { failed = errno }
        if let failed {
            unlink(temporary)
            throw failure(path, failed)
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> RulebookError {
        .outputFailed(destination: path, reason: String(cString: strerror(code)), readerGone: false)
    }
}
