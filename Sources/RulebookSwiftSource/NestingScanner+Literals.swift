/// Words (keywords and identifiers) and string literals with their interpolations.
extension NestingScanner {
    /// Keywords SwiftSyntax's lexer classifies (the rest, `await` included, are identifiers).
    static let lexerKeywords: Set<String> = [
        "Any", "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit",
        "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if",
        "import", "in", "init", "inout", "internal", "is", "let", "nil", "operator", "precedencegroup", "private",
        "protocol", "public", "repeat", "rethrows", "return", "self", "Self", "static", "struct", "subscript",
        "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while",
    ]
    /// Keywords that are expressions: a `/` after them is an operator.
    static let expressionKeywords: Set<String> = ["true", "false", "Any", "nil", "self", "Self", "super"]

    /// What a word means to the scan.
    struct WordTraits: OptionSet, Sendable {
        let rawValue: UInt8
        /// In ``continuingKeywords``.
        static let continuing = WordTraits(rawValue: 1 << 0)
        /// In ``prefixKeywords``.
        static let prefix = WordTraits(rawValue: 1 << 1)
        /// In ``continuationKeywords``.
        static let continuation = WordTraits(rawValue: 1 << 2)
        /// A `/` after it starts a regex literal: in ``lexerKeywords`` but not ``expressionKeywords``.
        static let regexPosition = WordTraits(rawValue: 1 << 3)
        static let isElse = WordTraits(rawValue: 1 << 4)
        static let isFuncOrOperator = WordTraits(rawValue: 1 << 5)
        static let isTry = WordTraits(rawValue: 1 << 6)
    }

    /// The traits of every word the keyword sets name (any other word has none), looked up
    /// from the bytes: no `String` per word.
    static let wordTraits: KeywordTable<WordTraits> = {
        var traits: [String: WordTraits] = [:]
        for word in continuationKeywords.union(continuingKeywords).union(lexerKeywords).union(expressionKeywords) {
            var value: WordTraits = []
            if continuingKeywords.contains(word) { value.insert(.continuing) }
            if prefixKeywords.contains(word) { value.insert(.prefix) }
            if continuationKeywords.contains(word) { value.insert(.continuation) }
            if lexerKeywords.contains(word) && !expressionKeywords.contains(word) { value.insert(.regexPosition) }
            if word == "else" { value.insert(.isElse) }
            if word == "func" || word == "operator" { value.insert(.isFuncOrOperator) }
            if word == "try" { value.insert(.isTry) }
            traits[word] = value
        }
        return KeywordTable(traits)
    }()

    mutating func scanWord() {
        let start = position
        while position < bytes.count, Self.isIdentifier(bytes[position]) {
            // A number's fraction: `1.5`.
            position += 1
            if bytes[start] >= UInt8(ascii: "0"), bytes[start] <= UInt8(ascii: "9"),
                byte(at: position) == UInt8(ascii: "."), let next = byte(at: position + 1),
                next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9")
            {
                position += 1
            }
        }
        let length = position - start
        guard length <= 15 else {
            startToken(continuing: false)
            previous = .operand
            note(regexPosition: false)
            return
        }
        let traits = wordTraits.value(of: bytes, from: start, to: position) ?? []
        startToken(continuing: traits.contains(.continuing))
        if traits.contains(.isElse) {
            link()
            previous = .continuation
        } else if traits.contains(.prefix) {
            deepen()
            previous = .continuation
        } else if traits.contains(.continuation) {
            previous = .continuation
        } else {
            previous = .operand
        }
        note(
            regexPosition: traits.contains(.regexPosition), funcOrOperator: traits.contains(.isFuncOrOperator),
            isTry: traits.contains(.isTry))
    }

    /// Inside an interpolation, a quote right after a complete operand ends the string the
    /// interpolation is in, as SwiftSyntax's parser decides (`"\(abc "`): the lexer alone
    /// would open a new string there.
    mutating func closesInterpolatedString() -> Bool {
        guard previous == .operand, let index = frames.lastIndex(where: \.isInterpolation),
            case .interpolation(let hashes, let multiline) = frames[index].kind
        else { return false }
        let quote = frames[index].quote
        while frames.count > index { pop(at: frames.count - 1) }
        // Back in the string: the quote closes it when it is the delimiter.
        scanStringBody(hashes: hashes, multiline: multiline, quote: quote)
        return true
    }

    /// A string literal from its opening quote (`hashes` `#` already consumed).
    mutating func scanString(hashes: Int) {
        let quote = bytes[position]
        let multiline = quote == UInt8(ascii: "\"") && byte(at: position + 1) == quote && byte(at: position + 2) == quote
        position += multiline ? 3 : 1
        scanStringBody(hashes: hashes, multiline: multiline, quote: quote)
    }

    /// String contents up to the closing delimiter, or into an interpolation's code.
    mutating func scanStringBody(hashes: Int, multiline: Bool, quote: UInt8) {
        defer { note(regexPosition: false) }
        while position < bytes.count {
            let current = bytes[position]
            if current == UInt8(ascii: "\\"), hasHashes(hashes, at: position + 1) {
                let after = position + 1 + hashes
                if byte(at: after) == UInt8(ascii: "(") {
                    position = after + 1
                    push(.interpolation(hashes: hashes, multiline: multiline))
                    frames[frames.count - 1].quote = quote
                    previous = .start
                    return
                }
                if byte(at: after) == UInt8(ascii: "\n") { line += 1 }
                position = after + 1
                continue
            }
            if current == quote {
                let quotes = multiline ? 3 : 1
                if (0..<quotes).allSatisfy({ byte(at: position + $0) == quote }), hasHashes(hashes, at: position + quotes) {
                    position += quotes + hashes
                    previous = .operand
                    return
                }
            }
            if current == UInt8(ascii: "\n") || current == UInt8(ascii: "\r") {
                // A single-line string cannot span lines: it ends here (the parser reports it).
                guard multiline else {
                    previous = .operand
                    return
                }
                if current == UInt8(ascii: "\n") { line += 1 }
            }
            position += 1
        }
        previous = .operand
    }

    func hasHashes(_ count: Int, at offset: Int) -> Bool {
        (0..<count).allSatisfy { byte(at: offset + $0) == UInt8(ascii: "#") }
    }
}
