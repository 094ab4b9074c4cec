import RulebookCore
@_spi(RawSyntax) import SwiftSyntax

/// Rulebook's location type (SwiftSyntax has its own `SourceLocation`).
typealias Location = RulebookCore.SourceLocation

/// Turns places in one file into locations: ranges from where a token's text starts to
/// where a token's text ends, end-exclusive, trivia (whitespace, comments) left out at both
/// ends, so an editor underlines exactly the code.
struct Locator {
    let path: String
    let lines: SourceLines

    /// The range from UTF-8 offset `start` to `end` (exclusive); only a start when there is
    /// no end (nothing present in the source to underline).
    func callAsFunction(from start: Int, to end: Int?) -> Location {
        guard let end else { return point(at: start) }
        let range = lines.range(from: start, to: end)
        return Location(
            file: path, line: range.start.line, column: range.start.column, endLine: range.end.line, endColumn: range.end.column)
    }

    /// A place without extent (where the parser found a token missing).
    func point(at offset: Int) -> Location {
        let position = lines.lineAndColumn(at: offset)
        return Location(file: path, line: position.line, column: position.column)
    }

    /// The text of a raw token.
    func token(_ token: RawNode) -> Location {
        self(from: token.tokenTextOffset, to: token.tokenTextEnd)
    }

    /// The text of a token.
    func token(_ token: TokenSyntax) -> Location {
        self.token(RawNode(raw: token.raw, offset: token.position.utf8Offset))
    }

    /// A raw node, from its first token present in the source to the end of its last one.
    func node(_ node: RawNode) -> Location {
        guard let first = node.firstPresentToken() else { return point(at: node.offset) }
        return self(from: first.tokenTextOffset, to: node.presentTextEnd())
    }

    /// A node, from its first token present in the source to the end of its last one.
    func node(_ node: some SyntaxProtocol) -> Location {
        self.node(RawNode(raw: node.raw, offset: node.position.utf8Offset))
    }
}
