/// Words tested as prefixes or suffixes of names (`focus` in `focusedField`, `Focused` in
/// `isSearchFocused`), answering exactly as `String.hasPrefix`/`hasSuffix` (Character
/// semantics) for each word. The rules test every property and case name against such
/// lists; the words' bytes are taken once, and a name is compared on bytes wherever that
/// gives the same answer (see ``ByteSearch/hasPrefix(_:_:)``), by Characters otherwise.
public struct AffixList: Sendable {
    /// The words, in the order given.
    public let words: [String]
    /// Each word's bytes when it is ASCII without line breaks (bytes can decide), else `nil`.
    private let asciiWords: [[UInt8]?]

    /// The list of `words`.
    public init(_ words: [String]) {
        self.words = words
        asciiWords = words.map { word in word.utf8.allSatisfy(ByteSearch.isSingleCharacterByte) ? Array(word.utf8) : nil }
    }

    /// Whether some word is a prefix of `text` and `next` accepts the Character that follows
    /// it in `text` (`nil` at the end).
    public func hasPrefix(in text: String, followedBy next: (Character?) -> Bool = { _ in true }) -> Bool {
        anyWord(of: text, fromBytes: { Self.prefixAnswer($0, $1, next) }, byCharacters: { Self.characterPrefix($0, text, next) })
    }

    /// Whether some word is the first camelCase word of `name`: a prefix followed by an
    /// uppercase Character or nothing (`dragOffset` starts with `drag`, `draft` does not).
    public func hasFirstWord(of name: String) -> Bool {
        hasPrefix(in: name) { next in next.map(\.isUppercase) ?? true }
    }

    /// Whether some word is a suffix of `text`.
    public func hasSuffix(in text: String) -> Bool {
        anyWord(of: text, fromBytes: Self.suffixAnswer, byCharacters: { text.hasSuffix($0) })
    }

    /// The first word, in the list's order, that ends `text` and is shorter than it (what is
    /// left before it is a name of its own: `loginSucceeded` ends with `Succeeded`).
    public func properSuffix(of text: String) -> String? {
        guard hasSuffix(in: text) else { return nil }
        return words.first { word in ByteSearch.hasSuffix(text, word) && text.count > word.count }
    }

    /// Whether some word passes: `fromBytes` answers for words of ASCII bytes unless it
    /// cannot tell (`nil`), `byCharacters` for the others.
    private func anyWord(
        of text: String, fromBytes: ([UInt8], UnsafeBufferPointer<UInt8>) -> Bool?, byCharacters: (String) -> Bool
    ) -> Bool {
        ByteSearch.bytes(of: text) { bytes in
            asciiWords.indices.contains { index in asciiWords[index].flatMap { fromBytes($0, bytes) } ?? byCharacters(words[index]) }
        }
    }

    /// The prefix test from bytes (``ByteSearch/affix(_:in:atEnd:)``), or `nil` when bytes
    /// cannot tell, including when the Character after the match might be more than one byte.
    private static func prefixAnswer(
        _ word: [UInt8], _ text: UnsafeBufferPointer<UInt8>, _ next: (Character?) -> Bool
    ) -> Bool? {
        guard let matched = word.withUnsafeBufferPointer({ ByteSearch.affix($0, in: text, atEnd: false) }) else { return nil }
        guard matched, word.count < text.count else { return matched && next(nil) }
        let following = text[word.count]
        let afterFollowing = word.count + 1 < text.count ? text[word.count + 1] : 0
        guard following != 0x0D, afterFollowing < 0x80 else { return nil }
        return next(Character(Unicode.Scalar(following)))
    }

    /// The suffix test from bytes, or `nil` when bytes cannot tell.
    private static func suffixAnswer(_ word: [UInt8], _ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        word.withUnsafeBufferPointer { ByteSearch.affix($0, in: text, atEnd: true) }
    }

    private static func characterPrefix(_ word: String, _ text: String, _ next: (Character?) -> Bool) -> Bool {
        text.hasPrefix(word) && next(text.dropFirst(word.count).first)
    }
}
