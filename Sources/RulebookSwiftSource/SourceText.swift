import SwiftSyntax

/// The text of syntax nodes, sliced from the file's UTF-8 bytes. A tree that parsed
/// cleanly reproduces its source byte for byte, so a node's trimmed description is exactly
/// the bytes between its first and last tokens' trivia — without rebuilding the node the
/// way `trimmedDescription` does. Trees with errors (missing or unexpected tokens) keep
/// using `trimmedDescription`.
struct SourceText {
    private let bytes: [UInt8]
    private let isExact: Bool

    init(contents: String, tree: SourceFileSyntax) {
        isExact = !tree.hasError
        bytes = isExact ? Array(contents.utf8) : []
    }

    /// `node.trimmedDescription`.
    func trimmed(_ node: some SyntaxProtocol) -> String {
        guard isExact else { return node.trimmedDescription }
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        guard start <= end, end <= bytes.count else { return node.trimmedDescription }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
