import CZeroMQ

/// A CURVE key: 32 bytes, written as 40 Z85 characters in files and logs.
public struct CurveKey: Sendable, Hashable {
    /// The key's 32 bytes.
    public let bytes: [UInt8]

    /// The key written as `z85` (40 characters), or `nil` when it is not a Z85 CURVE key.
    public init?(z85: String) {
        guard z85.utf8.count == 40 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 32)
        guard zmq_z85_decode(&bytes, z85) != nil else { return nil }
        self.bytes = bytes
    }

    /// The key of 32 raw bytes (as a ZAP request carries it), or `nil` for any other length.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        self.bytes = bytes
    }

    /// The key in Z85 (40 characters).
    public var z85: String {
        var text = [CChar](repeating: 0, count: 41)
        zmq_z85_encode(&text, bytes, bytes.count)
        return Self.string(text)
    }

    /// Whether this libzmq was built with CURVE (libsodium).
    public static var isSupported: Bool { zmq_has("curve") == 1 }

    /// The text of a NUL-terminated buffer libzmq wrote Z85 into.
    static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A CURVE key pair. Its description shows the public key only, so logging a pair never
/// leaks the secret.
public struct CurveKeyPair: Sendable, Hashable, CustomStringConvertible {
    /// The key peers use to identify this side.
    public let publicKey: CurveKey
    /// The key only this side may know.
    public let secretKey: CurveKey

    /// The pair of `secretKey`, its public key derived by libzmq.
    public init(secretKey: CurveKey) throws(ZeroMQError) {
        var publicText = [CChar](repeating: 0, count: 41)
        guard zmq_curve_public(&publicText, secretKey.z85) == 0 else { throw Self.failure("zmq_curve_public") }
        self.publicKey = CurveKey(z85: CurveKey.string(publicText))!
        self.secretKey = secretKey
    }

    /// A new random key pair.
    public static func generate() throws(ZeroMQError) -> CurveKeyPair {
        var publicText = [CChar](repeating: 0, count: 41)
        var secretText = [CChar](repeating: 0, count: 41)
        guard zmq_curve_keypair(&publicText, &secretText) == 0 else { throw failure("zmq_curve_keypair") }
        return try CurveKeyPair(secretKey: CurveKey(z85: CurveKey.string(secretText))!)
    }

    public var description: String { "CurveKeyPair(public: \(publicKey.z85))" }

    private static func failure(_ operation: String) -> ZeroMQError {
        CurveKey.isSupported ? .call(operation) : .curveUnsupported
    }
}
