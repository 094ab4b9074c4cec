/// A small set of short words, each with a value, looked up straight from source bytes:
/// no `String` is built and nothing is hashed. Words are packed little-endian into two
/// 64-bit integers and kept in one bucket per length.
struct KeywordTable<Value: Sendable>: Sendable {
    /// The longest word the table can hold, in bytes.
    static var maxLength: Int { 16 }

    private struct Entry {
        var low: UInt64
        var high: UInt64
        var value: Value
    }

    private var buckets: [[Entry]] = Array(repeating: [], count: maxLength + 1)

    /// A table of `words`; words longer than ``maxLength`` bytes are left out (never found).
    init(_ words: [String: Value]) {
        for (word, value) in words {
            let bytes = Array(word.utf8)
            guard bytes.count <= Self.maxLength else { continue }
            let (low, high) = bytes.withUnsafeBufferPointer { Self.pack($0, 0, bytes.count) }
            buckets[bytes.count].append(Entry(low: low, high: high, value: value))
        }
    }

    /// The value of the word `bytes[start..<end]`, or `nil` when it is not in the table.
    func value(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Value? {
        let length = end - start
        guard length > 0, length <= Self.maxLength else { return nil }
        let bucket = buckets[length]
        guard !bucket.isEmpty else { return nil }
        let (low, high) = Self.pack(bytes, start, end)
        for entry in bucket where entry.low == low && entry.high == high {
            return entry.value
        }
        return nil
    }

    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (UInt64, UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for index in start..<end {
            let shift = UInt64((index - start) % 8 * 8)
            if index - start < 8 {
                low |= UInt64(bytes[index]) << shift
            } else {
                high |= UInt64(bytes[index]) << shift
            }
        }
        return (low, high)
    }
}
