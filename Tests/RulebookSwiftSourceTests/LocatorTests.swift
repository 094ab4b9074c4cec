import SwiftParser
@_spi(RawSyntax) import SwiftSyntax
import Testing

@testable import RulebookSwiftSource

/// `Locator` reads ranges from the raw tree and the line table; they must be SwiftSyntax's:
/// from the first present token after its leading trivia to the last present token before
/// its trailing trivia, placed by `SourceLocationConverter`, for every node and token of
/// clean and damaged trees, with LF, CR LF and lone CR line breaks.
struct LocatorTests {
    static let sources = SourceTextTests.snippets + [
        "struct S {\r\n  var a: Int // x\r\n  func f() {\r\n    g(1,\r\n      2)\r\n  }\r\n}\r\n",
        "enum A {\r  case a(Int), b\r}\r",
        "let s = \"\"\"\n  multi\n  line\n  \"\"\"\nlet t = 1",
        "struct É {\n  /* é */ var größe: CGFloat = 1 }\n",
    ]

    @Test(arguments: sources)
    func rangesAreSwiftSyntaxsInSnippets(source: String) {
        #expect(Self.mismatches(in: source).isEmpty, "\(Self.mismatches(in: source).prefix(3))")
    }

    @Test func rangesAreSwiftSyntaxsInDamagedExamples() {
        for source in SourceTextTests.damagedSources {
            let mismatches = Self.mismatches(in: source)
            #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
        }
    }

    /// Nodes and tokens whose located range differs from SwiftSyntax's.
    private static func mismatches(in source: String) -> [String] {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "F.swift", tree: tree)
        let locate = Locator(path: "F.swift", lines: SourceLines(contents: source, tree: tree))
        let collector = AllNodes(viewMode: .all)
        collector.walk(tree)
        return collector.nodes.compactMap { node in
            let present = Array(node.tokens(viewMode: .sourceAccurate))
            let located = locate.node(RawNode(raw: node.raw, offset: node.position.utf8Offset))
            let expected: (Int, Int, Int?, Int?)
            if let first = present.first, let last = present.last {
                let start = converter.location(for: first.positionAfterSkippingLeadingTrivia)
                let end = converter.location(for: last.endPositionBeforeTrailingTrivia)
                expected = (start.line, start.column, end.line, end.column)
            } else {
                let start = converter.location(for: node.position)
                expected = (start.line, start.column, nil, nil)
            }
            let found = (located.line ?? 0, located.column ?? 0, located.endLine, located.endColumn)
            if let token = node.as(TokenSyntax.self), token.presence == .present {
                let tokenRange = locate.token(token)
                guard tokenRange == located else { return "token \(token.text.debugDescription): \(tokenRange) ≠ \(located)" }
            }
            return found == expected ? nil : "\(node.kind) \(node.trimmedDescription.prefix(40).debugDescription): \(found) ≠ \(expected)"
        }
    }
}

/// Every node and token of a tree, missing ones included.
private final class AllNodes: SyntaxAnyVisitor {
    var nodes: [Syntax] = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        nodes.append(node)
        return .visitChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        nodes.append(Syntax(token))
        return .visitChildren
    }
}
