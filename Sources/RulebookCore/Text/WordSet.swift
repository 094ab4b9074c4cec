/// A set of words (property names, case names, type names) that answers `contains` exactly
/// as `Set<String>` does, without hashing in the common case. The rules test every property
/// and case name of a spec against such sets; hashing a `String` walks all of it, while most
/// names can be rejected by their length alone (BENCHMARKS.md, "Rules").
///
/// `String` equality is Unicode canonical equivalence, so text of different bytes can be
/// equal (the Kelvin sign `K` equals `K`). Between two ASCII strings it is byte equality, so
/// when every word is ASCII an ASCII candidate is compared with the words of its byte length
/// only; any other candidate, or a set holding non-ASCII words, is looked up in the `Set`.
public struct WordSet: Sendable {
    /// The words, as a `Set` would hold them.
    public let words: Set<String>
    /// When every word is ASCII: the words' bytes grouped by length (index = byte count).
    private let asciiByLength: [[[UInt8]]]?

    /// The set of `words`.
    public init(_ words: some Sequence<String>) {
        self.words = Set(words)
        if self.words.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) {
            var byLength: [[[UInt8]]] = Array(repeating: [], count: (self.words.map(\.utf8.count).max() ?? 0) + 1)
            for word in self.words { byLength[word.utf8.count].append(Array(word.utf8)) }
            asciiByLength = byLength
        } else {
            asciiByLength = nil
        }
    }

    /// Whether the set holds a word equal to `candidate` (`Set<String>.contains`).
    public func contains(_ candidate: String) -> Bool {
        guard let asciiByLength else { return words.contains(candidate) }
        let answer: Bool? = ByteSearch.bytes(of: candidate) { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            guard bytes.count < asciiByLength.count else { return false }
            return asciiByLength[bytes.count].contains { word in word.withUnsafeBufferPointer { $0.elementsEqual(bytes) } }
        }
        return answer ?? words.contains(candidate)
    }
}
