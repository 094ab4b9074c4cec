import Foundation

/// Members the fast paths hand to Foundation: values that travel with a spec but are small
/// beside its files and too varied to spell out (a project context, a rule configuration).
/// The rest of the message stays on the fast path, byte for byte what the Foundation path
/// writes and reading what it reads.
enum FoundationMembers {
    /// The encoder of the Foundation path (``EventCodec/encode(_:)``).
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }
}

extension JSONWriter {
    /// Writes `value`, when there is one, as `JSONEncoder` writes it (in an object with
    /// sorted keys, a nested value is written as it is on its own).
    mutating func member<T: Encodable>(_ name: StaticString, encodedByFoundation value: T?) {
        guard let value else { return }
        key(name)
        // Encoding our own Codable values cannot fail: they hold only strings, numbers, arrays and objects.
        appendRaw((try? FoundationMembers.encoder().encode(value)).map(Array.init) ?? Array("null".utf8))
    }
}

extension JSONScanner {
    /// The value after whitespace as `JSONDecoder` decodes it, `nil` for `null`. Its text is
    /// first checked as strictly as ``skip(uniqueKeys:)`` checks any value, so the fast path
    /// still accepts only what the Foundation path accepts.
    mutating func decodedByFoundation<T: Decodable>(_ type: T.Type) throws(ScannerDeclined) -> T? {
        if try null() { return nil }
        skipWhitespace()
        let start = index
        _ = try skip(uniqueKeys: true)
        let text = Data(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        do {
            return try JSONDecoder().decode(T.self, from: text)
        } catch {
            throw ScannerDeclined()
        }
    }
}
