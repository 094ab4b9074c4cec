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
            var scanner = NestingScanner(bytes: bytes)
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
