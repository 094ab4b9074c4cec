import Foundation
import RulebookCore
import ZeroMQ

/// CURVE key files (SECURITY.md). `NAME.key` holds a secret key and `NAME.pub` a public
/// key, each as a line of 40 Z85 characters; empty lines and lines starting with `#` are
/// comments (a Z85 key never starts with `#`). An authorized-keys path is a file of public keys, one per line (so any
/// `NAME.pub` is one), or a folder whose `*.pub` files are all read.
public enum CurveKeyFiles {
    /// Writes a new key pair as `NAME.key` (mode 0600) and `NAME.pub` (mode 0644) in
    /// `folder`, created (mode 0700) if missing. Never overwrites a file.
    /// - Returns: the paths written, and the new pair.
    public static func generate(
        name: String, in folder: String
    ) throws(RulebookError) -> (secretKeyPath: String, publicKeyPath: String, keyPair: CurveKeyPair) {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            throw .invalidArgument("key name '\(name)' must be a plain file name, without '/'")
        }
        let secretPath = folder + "/" + name + ".key"
        let publicPath = folder + "/" + name + ".pub"
        for path in [secretPath, publicPath] where FileManager.default.fileExists(atPath: path) {
            throw .invalidArgument("'\(path)' already exists; remove it or choose another name")
        }
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .invalidArgument("cannot create folder '\(folder)': \(error.localizedDescription)")
        }
        let pair = try zmq(CurveKeyPair.generate())
        try create(secretPath, mode: 0o600, text: """
            # Rulebook CURVE secret key (Z85) of \(name). Keep it private: mode 0600, never shared.
            \(pair.secretKey.z85)

            """)
        try create(publicPath, mode: 0o644, text: """
            # Rulebook CURVE public key (Z85) of \(name). Servers authorize it; clients name a server by it.
            \(pair.publicKey.z85)

            """)
        return (secretPath, publicPath, pair)
    }

    /// The key pair of the secret key in `path`. Refused when group or others may read it.
    public static func keyPair(secretKeyAt path: String) throws(RulebookError) -> CurveKeyPair {
        let permissions = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? 0
        if permissions & 0o077 != 0 {
            throw .invalidCurveKey(path: path, reason: "can be read by other users (mode \(String(permissions, radix: 8))); run chmod 600 on it")
        }
        let secretKey = try single(in: path)
        return try zmq(CurveKeyPair(secretKey: secretKey))
    }

    /// The public key in `path`.
    public static func publicKey(at path: String) throws(RulebookError) -> CurveKey {
        try single(in: path)
    }

    /// The public keys in the file at `path`, or in every `*.pub` file of the folder at `path`.
    public static func authorizedKeys(at path: String) throws(RulebookError) -> Set<CurveKey> {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .invalidCurveKey(path: path, reason: "does not exist")
        }
        guard isFolder.boolValue else { return Set(try keys(in: path)) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".pub") }.sorted()
        } catch {
            throw .invalidCurveKey(path: path, reason: "cannot be listed: \(error.localizedDescription)")
        }
        var keys: Set<CurveKey> = []
        for name in names { keys.formUnion(try self.keys(in: path + "/" + name)) }
        guard !keys.isEmpty else { throw .invalidCurveKey(path: path, reason: "holds no public keys (NAME.pub files)") }
        return keys
    }

    /// The one key in the file at `path`.
    private static func single(in path: String) throws(RulebookError) -> CurveKey {
        let found = try keys(in: path)
        guard found.count == 1 else { throw .invalidCurveKey(path: path, reason: "holds \(found.count) keys, not one") }
        return found[0]
    }

    /// Every key line of the file at `path`, in order.
    private static func keys(in path: String) throws(RulebookError) -> [CurveKey] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .invalidCurveKey(path: path, reason: "cannot be read: \(error.localizedDescription)")
        }
        var keys: [CurveKey] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let key = CurveKey(z85: line) else {
                throw .invalidCurveKey(path: path, reason: "line \(index + 1) is not a 40-character Z85 key")
            }
            keys.append(key)
        }
        return keys
    }

    /// Creates `path` with `mode` (failing if it exists) and writes `text`.
    private static func create(_ path: String, mode: mode_t, text: String) throws(RulebookError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard descriptor >= 0 else {
            throw .invalidArgument("cannot create '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else {
            throw .invalidArgument("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
    }
}
