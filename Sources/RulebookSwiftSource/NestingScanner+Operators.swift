/// Operators, `.`, `#` forms and regex literals, read as SwiftSyntax's lexer reads them.
extension NestingScanner {
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
}
