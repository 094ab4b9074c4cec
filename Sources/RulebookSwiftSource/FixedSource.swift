import RulebookCore
import SwiftParser
import SwiftSyntax

/// A Swift source with fixes applied, checked before anything is written: it must stay within
/// the nesting bounds the checker accepts and parse without any error. A fix never writes a
/// file it cannot parse.
public enum FixedSource {
    /// `source` with `edits` applied, when the result parses cleanly; `nil` otherwise (the
    /// edits do not fit the text, or the result has a syntax error).
    public static func applying(_ edits: [TextEdit], to source: String, path: String) -> String? {
        guard let fixed = TextEdit.apply(edits, to: source), parsesCleanly(fixed, path: path) else { return nil }
        return fixed
    }

    /// Whether `text` parses without an error (and is not nested deeper than the checker reads).
    public static func parsesCleanly(_ text: String, path: String) -> Bool {
        guard (try? SwiftNesting.check(SourceFile(path: path, contents: text))) != nil else { return false }
        return !Parser.parse(source: text).hasError
    }
}
