import RulebookCore
@_spi(RawSyntax) import SwiftSyntax

/// Finds the first place where the parser had to recover (unexpected or missing syntax).
final class ParseProblemFinder: SyntaxVisitor {
    private var first: (position: AbsolutePosition, location: Location)?
    private let locate: Locator

    static func firstProblem(in tree: SourceFileSyntax, locate: Locator) -> ParseProblem? {
        let finder = ParseProblemFinder(locate: locate)
        finder.walk(tree)
        guard let location = finder.first?.location else { return nil }
        return ParseProblem(
            message: "Swift source does not parse cleanly here; rules ran on what parsed. Fix the syntax error to check the rest",
            location: location)
    }

    private init(locate: Locator) {
        self.locate = locate
        super.init(viewMode: .all)
    }

    /// Unexpected syntax: the text the parser could not place.
    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        let start = node.positionAfterSkippingLeadingTrivia
        record(start) { locate(from: start.utf8Offset, to: RawNode(raw: node.raw, offset: node.position.utf8Offset).presentTextEnd()) }
        return .skipChildren
    }

    /// A missing token: a place, with no text to underline.
    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if token.presence == .missing {
            record(token.positionAfterSkippingLeadingTrivia) { locate.point(at: token.positionAfterSkippingLeadingTrivia.utf8Offset) }
        }
        return .skipChildren
    }

    private func record(_ position: AbsolutePosition, _ location: () -> Location) {
        if first == nil || position < first!.position { first = (position, location()) }
    }
}
