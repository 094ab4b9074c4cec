import RulebookCore

/// How deeply a Swift source nests, measured by a linear lexical scan before SwiftSyntax
/// sees it. SwiftSyntax's parser recurses without bound on some constructs (chains of
/// `try`/`await`, generic arguments, `->`, `else if`, `#if`) and backtracks exponentially on
/// nested `[` (array literals and types), so a small pathological file can overflow the
/// validator's stack or keep it busy for hours. Real code stays far below the limits.
///
/// The measure over-approximates the parser's recursion and the syntax tree's depth: one
/// level per open bracket, generic argument list, string interpolation and `#if` block,
/// plus, per open bracket, one level per token that deepens the current expression (`try`,
/// `await`, prefix and postfix operators, member dots, calls, subscripts, trailing closures,
/// `->`, `else`) since the last statement boundary (`;`, `,`, `=`, or a line break that
/// neither ends nor starts with a continuation).
///
/// Comments, string literals (`"…"`, `"""…"""`, raw, `'…'`) and regex literals (`/…/` by the
/// lexer's heuristics, `#/…/#`) do not count. They are recognised as SwiftSyntax recognises
/// them, including the parser's rule that a quote after a complete operand ends an
/// interpolated string: code the scan took for a literal would escape the measure. The
/// fuzzing oracle (`Fuzz/README.md`) checks that no source parses much deeper than measured.
public enum SwiftNesting {
    /// Where a source nests deepest.
    public struct Measure: Equatable, Sendable {
        /// Deepest nesting in levels, and the 1-based line where it is first reached.
        public var levels = 0
        public var levelsLine = 1
        /// Deepest nesting of square brackets, and the line where it is first reached.
        public var squareBrackets = 0
        public var squareBracketsLine = 1
    }

    /// Deepest nesting accepted, in levels (SwiftSyntax's own bracket limit is 256).
    public static let defaultMaxLevels = 256
    /// Deepest `[` nesting accepted: each level doubles SwiftSyntax's parse time.
    public static let defaultMaxSquareBrackets = 8

    /// The nesting of `source`.
    public static func measure(_ source: String) -> Measure {
        var source = source
        return source.withUTF8 { bytes in
            var scanner = Scanner(bytes: bytes)
            scanner.run()
            return scanner.measure
        }
    }

    /// Throws ``RulebookError/sourceTooDeep(path:line:depth:limit:squareBrackets:)`` (RB114)
    /// when `file` nests deeper than the limits.
    public static func check(
        _ file: SourceFile, maxLevels: Int = defaultMaxLevels, maxSquareBrackets: Int = defaultMaxSquareBrackets
    ) throws(RulebookError) {
        let measure = measure(file.contents)
        if measure.squareBrackets > maxSquareBrackets {
            throw .sourceTooDeep(
                path: file.path, line: measure.squareBracketsLine, depth: measure.squareBrackets,
                limit: maxSquareBrackets, squareBrackets: true)
        }
        if measure.levels > maxLevels {
            throw .sourceTooDeep(
                path: file.path, line: measure.levelsLine, depth: measure.levels, limit: maxLevels, squareBrackets: false)
        }
    }
}

/// The lexical scan behind ``SwiftNesting``.
private struct Scanner {
    enum Kind: Equatable {
        case root, paren, square, brace, poundIf
        /// Generic arguments: `<` right after a name, until `>` or a token that cannot be in them.
        case angle
        /// `\(` inside a string literal with `hashes` `#` delimiters.
        case interpolation(hashes: Int, multiline: Bool)
    }

    struct Frame {
        var kind: Kind
        /// The quote of the string an interpolation belongs to.
        var quote = UInt8(ascii: "\"")

        var isInterpolation: Bool {
            if case .interpolation = kind { true } else { false }
        }
        /// Tokens deepening the current operand (`try`, operators, dots, calls, `->`) since
        /// the last boundary (a binary operator, `,`, `=` or the end of a statement).
        var chain = 0
        /// `else` links of the current statement: an `else if` chain nests in the parser
        /// whatever its conditions hold.
        var links = 0
    }

    /// What the previous token lets the next one be.
    enum Previous {
        /// Start of a statement: nothing to continue.
        case start
        /// An operand (`a`, `1`, `"s"`, `)`, `]`, `}`, `>` of generics): `(`, `[`, `<`, `?`
        /// and `!` after it are postfix.
        case operand
        /// An operator, `.`, `->` or a keyword that needs more on the next line.
        case continuation
        /// A keyword or punctuation that neither.
        case other
    }

    static let prefixKeywords: Set<String> = [
        "try", "await", "consume", "copy", "each", "repeat", "unsafe", "borrowing", "consuming", "some",
        "any", "inout", "_move", "_borrow", "discard",
    ]
    static let continuationKeywords: Set<String> = prefixKeywords.union([
        "else", "if", "guard", "while", "return", "throw", "is", "as", "in", "where", "case", "let", "var",
        "switch", "for",
    ])
    /// Keywords that continue the previous line when they start one.
    static let continuingKeywords: Set<String> = ["else", "where", "as", "is", "in", "catch"]

    let bytes: UnsafeBufferPointer<UInt8>
    let wordTraits = Scanner.wordTraits
    var position = 0
    var line = 1
    var frames = [Frame(kind: .root)]
    /// Current nesting: every frame but the root, plus every frame's chain.
    var depth = 0
    var squares = 0
    var previous = Previous.start
    /// A line break passed since the last token, after a token that does not continue.
    var boundaryPending = false
    /// Whether SwiftSyntax's lexer would take a `/` here for the start of a regex literal
    /// (its `isInRegexLiteralPosition`), whether the last token opens an argument list or
    /// separates arguments, and whether it was `func` or `operator`: regex literals must be
    /// found where the lexer finds them, or a `"` inside one would hide the code after it.
    var regexPosition = true
    var argumentPosition = false
    var afterFuncOrOperator = false
    /// The last token was `try`, or `try?`/`try!`: after the latter a `/` that looks binary
    /// is a regex literal (SwiftSyntax's `preferRegexOverBinaryOperator`).
    var afterTry = false
    var preferRegex = false
    var measure = SwiftNesting.Measure()

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: Bookkeeping

    mutating func deepen() {
        frames[frames.count - 1].chain += 1
        depth += 1
        record()
    }

    mutating func link() {
        frames[frames.count - 1].links += 1
        depth += 1
        record()
    }

    mutating func push(_ kind: Kind) {
        frames.append(Frame(kind: kind))
        depth += 1
        if kind == .square { squares += 1 }
        record()
    }

    mutating func pop(at index: Int) {
        let frame = frames.remove(at: index)
        depth -= 1 + frame.chain + frame.links
        if frame.kind == .square { squares -= 1 }
    }

    /// The current operand ends.
    mutating func resetChain() {
        depth -= frames[frames.count - 1].chain
        frames[frames.count - 1].chain = 0
    }

    /// The current statement ends.
    mutating func resetStatement() {
        resetChain()
        depth -= frames[frames.count - 1].links
        frames[frames.count - 1].links = 0
    }

    /// Ends the generic argument lists open at the top: the token just read cannot be in one.
    mutating func closeAngles() {
        while frames[frames.count - 1].kind == .angle { pop(at: frames.count - 1) }
    }

    mutating func record() {
        if depth > measure.levels {
            measure.levels = depth
            measure.levelsLine = line
        }
        if squares > measure.squareBrackets {
            measure.squareBrackets = squares
            measure.squareBracketsLine = line
        }
    }

    func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    static func isIdentifier(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
            true
        default: false
        }
    }

    static func isOperator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
            UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
            UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            true
        default: false
        }
    }

    /// Whether an operator with `byte` before it is left-bound (Swift's operator rule).
    static func bindsLeft(after byte: UInt8?) -> Bool {
        guard let byte else { return false }
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "("),
            UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
            return false
        default: return true
        }
    }

    /// Whether an operator with `byte` after it is right-bound.
    static func bindsRight(before byte: UInt8?) -> Bool {
        guard let byte else { return false }
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ")"),
            UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
            return false
        default: return true
        }
    }

    /// Called before each token: a pending line break ends the statement unless the token
    /// continues it.
    mutating func startToken(continuing: Bool) {
        if boundaryPending && !continuing {
            resetStatement()
            previous = .start
        }
        boundaryPending = false
    }

    /// Records the kind of the token just read for the regex decisions.
    mutating func note(
        regexPosition: Bool, argumentPosition: Bool = false, funcOrOperator: Bool = false, isTry: Bool = false,
        preferRegex: Bool = false
    ) {
        self.regexPosition = regexPosition
        self.argumentPosition = argumentPosition
        self.afterFuncOrOperator = funcOrOperator
        self.afterTry = isTry
        self.preferRegex = preferRegex
    }

    // MARK: Scanning

    mutating func run() {
        while position < bytes.count {
            let current = bytes[position]
            switch current {
            case UInt8(ascii: "\n"):
                line += 1
                if previous != .continuation { boundaryPending = true }
                position += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0:
                position += 1
            case UInt8(ascii: "/") where byte(at: position + 1) == UInt8(ascii: "/"):
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            case UInt8(ascii: "/") where byte(at: position + 1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                let continuing = current == UInt8(ascii: "{")
                startToken(continuing: continuing)
                if continuing { closeAngles() }
                // A call, subscript or trailing closure deepens the expression it follows.
                if previous == .operand { deepen() }
                push(current == UInt8(ascii: "(") ? .paren : current == UInt8(ascii: "[") ? .square : .brace)
                previous = .start
                note(regexPosition: true, argumentPosition: !continuing)
                position += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                startToken(continuing: true)
                position += 1
                note(regexPosition: false)
                close(current)
            case UInt8(ascii: ";"):
                startToken(continuing: true)
                closeAngles()
                resetStatement()
                previous = .start
                note(regexPosition: true)
                position += 1
            case UInt8(ascii: ","):
                startToken(continuing: true)
                resetChain()
                previous = .start
                note(regexPosition: true, argumentPosition: true)
                position += 1
            case UInt8(ascii: ":"):
                startToken(continuing: true)
                previous = .other
                note(regexPosition: true, argumentPosition: true)
                position += 1
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                startToken(continuing: false)
                if closesInterpolatedString() { break }
                scanString(hashes: 0)
            case UInt8(ascii: "#"):
                scanPound()
            case UInt8(ascii: "."):
                scanDot()
            case UInt8(ascii: "`"):
                startToken(continuing: false)
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: "`"), bytes[position] != UInt8(ascii: "\n") {
                    position += 1
                }
                if byte(at: position) == UInt8(ascii: "`") { position += 1 }
                previous = .operand
                note(regexPosition: false)
            case _ where Self.isOperator(current):
                scanOperator()
            case _ where Self.isIdentifier(current):
                scanWord()
            default:
                // `@`, `\`, and anything else: neither deepens nor continues.
                startToken(continuing: false)
                previous = .other
                note(regexPosition: false)
                position += 1
            }
        }
    }

    mutating func close(_ closer: UInt8) {
        // Inside an interpolation the lexer counts only parentheses: `)` closes the innermost
        // `(` or the interpolation itself, whatever other brackets are open.
        if closer == UInt8(ascii: ")"), frames.contains(where: \.isInterpolation),
            let index = frames.lastIndex(where: { $0.kind == .paren || $0.isInterpolation })
        {
            let frame = frames[index]
            while frames.count > index { pop(at: frames.count - 1) }
            if case .interpolation(let hashes, let multiline) = frame.kind {
                scanStringBody(hashes: hashes, multiline: multiline, quote: frame.quote)
            } else {
                previous = .operand
            }
            return
        }
        let expected: Kind = closer == UInt8(ascii: ")") ? .paren : closer == UInt8(ascii: "]") ? .square : .brace
        closeAngles()
        // A closer that does not match the innermost bracket closes nothing: the parser is
        // still inside it.
        if frames[frames.count - 1].kind == expected { pop(at: frames.count - 1) }
        previous = .operand
    }

    mutating func skipBlockComment() {
        var nesting = 0
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "/"), byte(at: position + 1) == UInt8(ascii: "*") {
                nesting += 1
                position += 2
            } else if bytes[position] == UInt8(ascii: "*"), byte(at: position + 1) == UInt8(ascii: "/") {
                nesting -= 1
                position += 2
                if nesting == 0 { return }
            } else {
                if bytes[position] == UInt8(ascii: "\n") { line += 1 }
                position += 1
            }
        }
    }

    /// `#if`/`#endif`, raw strings (`#"…"#`), extended regex literals (`#/…/#`), and other
    /// `#` words (`#available`, macros).
    mutating func scanPound() {
        var hashes = 0
        while byte(at: position + hashes) == UInt8(ascii: "#") { hashes += 1 }
        if byte(at: position + hashes) == UInt8(ascii: "\"") {
            startToken(continuing: false)
            position += hashes
            scanString(hashes: hashes)
            return
        }
        if byte(at: position + hashes) == UInt8(ascii: "/") {
            startToken(continuing: false)
            skipRegex(from: position, slash: position + hashes, hashes: hashes, mustBeRegex: true)
            return
        }
        position += 1
        let start = position
        while position < bytes.count, Self.isIdentifier(bytes[position]) { position += 1 }
        let word = String(decoding: bytes[start..<position], as: UTF8.self)
        startToken(continuing: false)
        switch word {
        case "if":
            push(.poundIf)
            previous = .start
            note(regexPosition: true)
        case "endif":
            if let index = frames.lastIndex(where: { $0.kind == .poundIf }) { pop(at: index) }
            previous = .start
            note(regexPosition: true)
        case "else", "elseif":
            previous = .start
            note(regexPosition: true)
        default:
            previous = .operand
            note(regexPosition: false)
        }
    }

    /// A member dot (`a.b`, `.run`) deepens the expression; `...` and `..<` are operators.
    mutating func scanDot() {
        if let next = byte(at: position + 1), next == UInt8(ascii: ".") || Self.isOperator(next) {
            scanOperator()
            return
        }
        startToken(continuing: true)
        deepen()
        previous = .continuation
        note(regexPosition: false)
        position += 1
    }

    mutating func scanOperator() {
        let start = position
        let leftBound = Self.bindsLeft(after: start > 0 ? bytes[start - 1] : nil)
        let first = bytes[start]
        // Postfix `?` and `!` (optional chaining, force unwrap) stand alone.
        if leftBound, previous == .operand, first == UInt8(ascii: "?") || first == UInt8(ascii: "!") {
            startToken(continuing: true)
            deepen()
            position += 1
            previous = .operand
            note(regexPosition: false, preferRegex: afterTry)
            return
        }
        // Generic arguments: `<` right after a name, closed by `>`.
        if leftBound, previous == .operand, first == UInt8(ascii: "<"), !Self.isOperator(byte(at: start + 1) ?? 0) {
            startToken(continuing: true)
            push(.angle)
            position += 1
            previous = .continuation
            note(regexPosition: true)
            return
        }
        if first == UInt8(ascii: ">"), frames[frames.count - 1].kind == .angle {
            startToken(continuing: true)
            pop(at: frames.count - 1)
            position += 1
            previous = .operand
            note(regexPosition: false)
            return
        }
        while position < bytes.count, Self.isOperator(bytes[position]) || (bytes[position] == UInt8(ascii: ".") && first == UInt8(ascii: ".")) {
            // A comment starts a new token.
            if bytes[position] == UInt8(ascii: "/"),
                byte(at: position + 1) == UInt8(ascii: "/") || byte(at: position + 1) == UInt8(ascii: "*"),
                position > start
            {
                break
            }
            position += 1
        }
        let rightBound = Self.bindsRight(before: byte(at: position))
        // A `/` in the operator may start a regex literal, as SwiftSyntax's lexer decides.
        if let slash = (start..<position).first(where: { bytes[$0] == UInt8(ascii: "/") }),
            startsRegex(leftBound: leftBound, rightBound: rightBound)
        {
            let end = position
            position = start
            let looksBinary = leftBound == rightBound
            if let regexEnd = regexEnd(slash: slash, hashes: 0, mustBeRegex: looksBinary && (preferRegex || !argumentPosition)) {
                startToken(continuing: true)
                // The operator before the regex is a prefix operator of it.
                if slash > start { deepen() }
                skipRegex(to: regexEnd)
                return
            }
            position = end
        }
        let text = bytes[start..<position]
        startToken(continuing: true)
        if text.elementsEqual("->".utf8) {
            deepen()
            previous = .continuation
            note(regexPosition: false)
        } else if text.elementsEqual("=".utf8) {
            closeAngles()
            resetChain()
            previous = .continuation
            note(regexPosition: true)
        } else if text.elementsEqual("...".utf8) {
            previous = .continuation
            note(regexPosition: false)
        } else if rightBound && !leftBound {
            // Prefix operator.
            deepen()
            previous = .continuation
            note(regexPosition: true)
        } else if leftBound && !rightBound {
            // Postfix operator.
            deepen()
            previous = .operand
            note(regexPosition: false, preferRegex: afterTry && (text.elementsEqual("?".utf8) || text.elementsEqual("!".utf8)))
        } else {
            // Binary: the operand before it is complete; only `&` (protocol composition) can
            // be inside generic arguments.
            if !text.elementsEqual("&".utf8) { closeAngles() }
            resetChain()
            previous = .continuation
            note(regexPosition: true)
        }
    }

    /// SwiftSyntax's `tryScanOperatorAsRegexLiteral` without the scan: an operator that is not
    /// left-bound may hold a regex literal; one that looks binary only in regex position.
    func startsRegex(leftBound: Bool, rightBound: Bool) -> Bool {
        guard !leftBound, !afterFuncOrOperator else { return false }
        return leftBound != rightBound || regexPosition || preferRegex
    }

    /// The end of the regex literal whose opening `/` is at `slash` (after `hashes` `#`), or
    /// `nil` when SwiftSyntax's lexer would not lex one there (`RegexLiteralLexer.lexImpl`).
    func regexEnd(slash: Int, hashes: Int, mustBeRegex: Bool) -> Int? {
        var cursor = slash + 1
        if hashes == 0 {
            switch byte(at: cursor) {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): if !mustBeRegex { return nil }
            case UInt8(ascii: "*"), UInt8(ascii: "/"): return nil
            default: break
            }
            if slash > 0, bytes[slash - 1] == UInt8(ascii: "*") { return nil }
        }
        // Multi-line when `#/` is followed by blanks and a line break.
        var firstNewline: Int?
        if hashes > 0 {
            var scan = cursor
            while byte(at: scan) == UInt8(ascii: " ") || byte(at: scan) == UInt8(ascii: "\t") { scan += 1 }
            if byte(at: scan) == UInt8(ascii: "\n") || byte(at: scan) == UInt8(ascii: "\r") {
                firstNewline = scan
                cursor = scan
            }
        }
        var groups = 0
        var classes = 0
        var lastBlank = -1
        while cursor < bytes.count {
            let current = bytes[cursor]
            if current == UInt8(ascii: "/") {
                var closing = 0
                while hashes > 0, byte(at: cursor + 1 + closing) == UInt8(ascii: "#") { closing += 1 }
                if closing >= hashes {
                    if hashes == 0 {
                        // `/…//` or `/…/*`: the comment wins.
                        if let next = byte(at: cursor + 1), next == UInt8(ascii: "*") || next == UInt8(ascii: "/") {
                            return mustBeRegex ? cursor + 1 : nil
                        }
                        if lastBlank == cursor - 1, !mustBeRegex { return nil }
                    }
                    return cursor + 1 + closing
                }
            }
            switch current {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                guard firstNewline != nil else { return mustBeRegex ? cursor : nil }
            case UInt8(ascii: "\\"):
                // An escaped line break still ends a single-line literal.
                if let next = byte(at: cursor + 1), next != UInt8(ascii: "\n"), next != UInt8(ascii: "\r") { cursor += 1 }
            case UInt8(ascii: "(") where classes == 0:
                groups += 1
            case UInt8(ascii: ")") where classes == 0:
                if groups == 0, !mustBeRegex { return nil }
                groups = max(groups - 1, 0)
            case UInt8(ascii: "["):
                classes += 1
            case UInt8(ascii: "]"):
                classes = max(classes - 1, 0)
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                lastBlank = cursor
            default:
                break
            }
            cursor += 1
        }
        // Unterminated: a multi-line literal ends at its first line break, so the code after
        // it is still read; a single-line one runs to the end.
        return firstNewline ?? (mustBeRegex ? bytes.count : nil)
    }

    /// Skips the regex literal starting at `start` (its `#`s or `/`), when there is one.
    mutating func skipRegex(from start: Int, slash: Int, hashes: Int, mustBeRegex: Bool) {
        if let end = regexEnd(slash: slash, hashes: hashes, mustBeRegex: mustBeRegex) {
            skipRegex(to: end)
        } else {
            position = start + 1
            previous = .other
            note(regexPosition: false)
        }
    }

    mutating func skipRegex(to end: Int) {
        while position < end {
            if bytes[position] == UInt8(ascii: "\n") { line += 1 }
            position += 1
        }
        previous = .operand
        note(regexPosition: false)
    }

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
