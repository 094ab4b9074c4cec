/// The lexical scan behind ``SwiftNesting``: the scanner's state and bookkeeping, and the
/// main loop over the bytes. Operators, `#` forms and regex literals are read in
/// `NestingScanner+Operators.swift`; words and string literals in `NestingScanner+Literals.swift`.
struct NestingScanner {
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
    let wordTraits = NestingScanner.wordTraits
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
}
