import Foundation
import RulebookCore
@testable import RulebookStore
import Testing

/// The cache is used only where no other user can write (issue 29): a shared folder, a
/// planted link or a file of another user could make a violating file pass, or make the
/// cache write into another database.
struct CheckCacheTrustTests {
    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rulebook-trust-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return path
    }

    private func refusal(_ folder: String) -> String? {
        do {
            _ = try CheckCache(folder: folder, identity: "build-1")
            return nil
        } catch {
            return error.code == "RB300" ? error.message : "not RB300: \(error)"
        }
    }

    @Test func aPrivateFolderIsUsedAndAGroupWritableFileInItToo() throws {
        let cache = try folder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        #expect(refusal(cache) == nil)
        // A umask of 002 makes files group-writable; inside a private folder that is harmless.
        chmod(cache + "/" + CheckCache.fileName, 0o664)
        #expect(refusal(cache) == nil)
    }

    @Test func aFolderOthersCanWriteIsRefused() throws {
        let cache = try folder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        chmod(cache, 0o777)
        #expect(refusal(cache)?.contains("group or other users can write it") == true)
        #expect(!FileManager.default.fileExists(atPath: cache + "/" + CheckCache.fileName), "nothing was written there")
    }

    @Test func aWritableFileInAFolderOthersCanEnterIsRefused() throws {
        let cache = try folder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        #expect(refusal(cache) == nil)
        chmod(cache, 0o755)
        chmod(cache + "/" + CheckCache.fileName, 0o666)
        #expect(refusal(cache)?.contains("group or other users can write it") == true)
    }

    @Test func linksAtTheFolderOrTheFileAreRefused() throws {
        let base = try folder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let real = base + "/real"
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createSymbolicLink(atPath: base + "/linked", withDestinationPath: real)
        #expect(refusal(base + "/linked")?.contains("symbolic link") == true)
        // A link planted at the cache file: the file it names (a history database) is untouched.
        let history = base + "/history.sqlite"
        #expect(FileManager.default.createFile(atPath: history, contents: Data("history".utf8)))
        try FileManager.default.createSymbolicLink(atPath: real + "/" + CheckCache.fileName, withDestinationPath: history)
        #expect(refusal(real)?.contains("symbolic link") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: history)) == Data("history".utf8))
    }

    @Test(.enabled(if: geteuid() == 0, "changing a file's owner needs root"))
    func aFileOfAnotherUserIsRefused() throws {
        let cache = try folder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        #expect(refusal(cache) == nil)
        #expect(chown(cache + "/" + CheckCache.fileName, 65534, 65534) == 0)
        #expect(refusal(cache)?.contains("belongs to another user") == true)
    }
}
