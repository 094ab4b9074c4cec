import RulebookCore
import SwiftSyntax

/// Finds the first place where the parser had to recover (unexpected or missing syntax).
final class ParseProblemFinder: SyntaxVisitor {
    private var first: AbsolutePosition?

    static func firstProblem(in tree: SourceFileSyntax, path: String, lines: SourceLines) -> ParseProblem? {
        let finder = ParseProblemFinder(viewMode: .all)
        finder.walk(tree)
        guard let position = finder.first else { return nil }
        let location = lines.lineAndColumn(at: position.utf8Offset)
        return ParseProblem(
            message: "Swift source does not parse cleanly here; rules ran on what parsed. Fix the syntax error to check the rest",
            location: RulebookCore.SourceLocation(file: path, line: location.line, column: location.column))
    }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        record(node.positionAfterSkippingLeadingTrivia)
        return .skipChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if token.presence == .missing { record(token.positionAfterSkippingLeadingTrivia) }
        return .skipChildren
    }

    private func record(_ position: AbsolutePosition) {
        if first == nil || position < first! { first = position }
    }
}
