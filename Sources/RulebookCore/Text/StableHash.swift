/// A hash that is the same in every process and on every machine (Swift's `Hasher` is
/// seeded per process): FNV-1a, 64 bits. For names that must stay put across runs
/// (fingerprints, configuration hashes) and for finding stored entries by their contents.
/// Not a cryptographic digest: where a wrong match would matter, compare the contents too.
public struct StableHash: Sendable {
    /// The hash of everything added so far.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// Adds `bytes`.
    public mutating func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        // Contiguous bytes (arrays, UTF-8 strings, `Data`) take the loop over memory.
        if bytes.withContiguousStorageIfAvailable({ add(UnsafeRawBufferPointer($0)) }) != nil { return }
        for byte in bytes { add(byte) }
    }

    /// Adds the bytes in `buffer`.
    public mutating func add(_ buffer: UnsafeRawBufferPointer) {
        var hash = value
        for byte in buffer {
            hash ^= UInt64(byte)
            hash = hash &* Self.prime
        }
        value = hash
    }

    private mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* Self.prime
    }

    /// Adds a byte no UTF-8 text contains, so that the parts `ab`+`c` and `a`+`bc` differ.
    public mutating func endPart() {
        add(0xff)
    }

    /// ``value`` as 16 lowercase hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash of `bytes` alone.
    public static func of<Bytes: Sequence>(_ bytes: Bytes) -> StableHash where Bytes.Element == UInt8 {
        var hash = StableHash()
        hash.add(bytes)
        return hash
    }

    private static let prime: UInt64 = 0x0000_0100_0000_01b3
}
