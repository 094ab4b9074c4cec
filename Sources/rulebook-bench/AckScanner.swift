import RulebookCore

/// Reads the bench's acks off encoded `spec.persisted` events without decoding them, so the
/// client stays cheap next to the pipeline it measures on the same cores. The persister
/// encodes with sorted keys, so `"specId":"bench-NNNNNNNNNNNN"` appears verbatim.
enum AckScanner {
    /// What one events frame says about a bench spec.
    enum Ack: Equatable {
        case validated(Int)
        case rejected(Int)
    }

    private static let specIdKey = Array(#""specId":""#.utf8) + Array(SpecTemplate.idPrefix.utf8)
    private static let persistedType = Array(#""type":"dev.rulebook.spec.persisted""#.utf8)
    private static let rejectedStatus = Array(#""status":"rejected""#.utf8)

    /// The ack of a bench spec in `frame`, or `nil` for any other event (heartbeats).
    static func ack(in frame: [UInt8]) -> Ack? {
        guard let start = find(specIdKey, in: frame), find(persistedType, in: frame) != nil else { return nil }
        let digitsStart = start + specIdKey.count
        guard digitsStart + SpecTemplate.digits <= frame.count else { return nil }
        var sequence = 0
        for byte in frame[digitsStart..<(digitsStart + SpecTemplate.digits)] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            sequence = sequence * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return find(rejectedStatus, in: frame) == nil ? .validated(sequence) : .rejected(sequence)
    }

    /// Where `needle` first occurs in `haystack` (the client reads every event the
    /// persister publishes, on the cores it measures: `memchr`, not a loop).
    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        haystack.withUnsafeBufferPointer { hay in needle.withUnsafeBufferPointer { ByteSearch.firstIndex(of: $0, in: hay) } }
    }
}
