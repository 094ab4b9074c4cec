import Foundation
import RulebookCore
import RulebookPipeline
import Testing
import ZeroMQ

struct CurveKeyFilesTests {
    static func folder() -> String {
        let path = FileManager.default.temporaryDirectory.path + "/rbkeys-\(UUID().uuidString.prefix(8))"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func mode(of path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! Int
    }

    /// The taxonomy code `body` fails with, `nil` when it succeeds.
    static func code(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return (error as? RulebookError)?.code ?? "not a RulebookError"
        }
    }

    @Test func keygenWritesAPrivateSecretAndAPublicKeyThatReadBack() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = try CurveKeyFiles.generate(name: "validator-1", in: folder + "/keys")
        #expect(written.secretKeyPath == folder + "/keys/validator-1.key")
        #expect(try Self.mode(of: written.secretKeyPath) == 0o600)
        #expect(try Self.mode(of: folder + "/keys") == 0o700)
        #expect(try CurveKeyFiles.keyPair(secretKeyAt: written.secretKeyPath) == written.keyPair)
        #expect(try CurveKeyFiles.publicKey(at: written.publicKeyPath) == written.keyPair.publicKey)
        let text = try String(contentsOfFile: written.publicKeyPath, encoding: .utf8)
        #expect(text.split(separator: "\n").last.map(String.init) == written.keyPair.publicKey.z85)
    }

    @Test func keygenNeverOverwritesAndWantsAPlainName() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try CurveKeyFiles.generate(name: "server", in: folder)
        #expect(Self.code { _ = try CurveKeyFiles.generate(name: "server", in: folder) } == "RB400")
        #expect(Self.code { _ = try CurveKeyFiles.generate(name: "../escape", in: folder) } == "RB400")
        #expect(Self.code { _ = try CurveKeyFiles.generate(name: "", in: folder) } == "RB400")
    }

    @Test func aSecretKeyOthersCanReadIsRefused() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = try CurveKeyFiles.generate(name: "leaky", in: folder)
        chmod(written.secretKeyPath, 0o644)
        #expect(Self.code { _ = try CurveKeyFiles.keyPair(secretKeyAt: written.secretKeyPath) } == "RB411")
    }

    @Test func authorizedKeysComeFromAFolderOfPubFilesOrOneFile() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try CurveKeyFiles.generate(name: "a", in: folder + "/authorized").keyPair.publicKey
        let second = try CurveKeyFiles.generate(name: "b", in: folder + "/authorized").keyPair.publicKey
        // Secret keys in the folder are not public keys: only *.pub files count.
        #expect(try CurveKeyFiles.authorizedKeys(at: folder + "/authorized") == [first, second])
        let list = folder + "/authorized.txt"
        try "# allowed clients\n\n\(first.z85)\n  \(second.z85)  \n".write(toFile: list, atomically: true, encoding: .utf8)
        #expect(try CurveKeyFiles.authorizedKeys(at: list) == [first, second])
    }

    @Test func malformedAndMissingKeyFilesAreTaxonomyErrors() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bad = folder + "/bad.pub"
        try "# a comment\nnot-a-key\n".write(toFile: bad, atomically: true, encoding: .utf8)
        do {
            _ = try CurveKeyFiles.publicKey(at: bad)
            Issue.record("read a malformed key")
        } catch {
            #expect(error.code == "RB411" && error.message.contains("line 2"))
        }
        #expect(Self.code { _ = try CurveKeyFiles.publicKey(at: folder + "/missing.pub") } == "RB411")
        try FileManager.default.createDirectory(atPath: folder + "/empty", withIntermediateDirectories: true)
        #expect(Self.code { _ = try CurveKeyFiles.authorizedKeys(at: folder + "/empty") } == "RB411")
        #expect(Self.code { _ = try CurveKeyFiles.authorizedKeys(at: folder + "/nowhere") } == "RB411")
    }
}
