@_spi(RawSyntax) import SwiftSyntax
import RulebookCore

/// The text of syntax nodes, sliced from the file's UTF-8 bytes instead of rebuilding the
/// node the way `trimmedDescription` does, with the same result: a parsed tree covers its
/// source byte for byte (missing tokens are empty, unexpected ones are in place), and
/// `trimmedDescription` drops the leading trivia of the node's first token and the trailing
/// trivia of its last one, present or missing (a missing token has none, so the trivia of
/// the present token next to it stays).
struct SourceText {
    private let bytes: [UInt8]

    init(contents: String) {
        bytes = Array(contents.utf8)
    }

    /// Whether the file's text contains `needle` anywhere (code, comments or strings): a
    /// cheap test that lets a walk skip work that could only find something where it does.
    func contains(_ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        return bytes.withUnsafeBufferPointer { text in
            pattern.withUnsafeBufferPointer { ByteSearch.firstIndex(of: $0, in: text) }
        } != nil
    }

    /// `node.trimmedDescription`.
    func trimmed(_ node: some SyntaxProtocol) -> String {
        trimmed(RawNode(raw: node.raw, offset: node.position.utf8Offset))
    }

    /// The `trimmedDescription` of a raw node.
    func trimmed(_ node: RawNode) -> String {
        let start = node.offset + Self.edgeTokenTrivia(node.raw, leading: true)
        let end = node.offset + node.raw.byteLength - Self.edgeTokenTrivia(node.raw, leading: false)
        guard start <= end, end <= bytes.count else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The leading trivia length of the first token, or the trailing trivia length of the
    /// last one, missing tokens included.
    private static func edgeTokenTrivia(_ raw: RawSyntax, leading: Bool) -> Int {
        guard let token = edgeToken(raw, first: leading) else { return 0 }
        return leading ? token.leadingTriviaByteLength : token.trailingTriviaByteLength
    }

    /// The first or last token of `raw`, missing tokens included (`viewMode: .all`).
    private static func edgeToken(_ raw: RawSyntax, first: Bool) -> RawSyntaxTokenView? {
        if let token = raw.tokenView { return token }
        guard let children = raw.layoutView?.children else { return nil }
        if first {
            for child in children {
                if let child, let token = edgeToken(child, first: true) { return token }
            }
        } else {
            for child in children.reversed() {
                if let child, let token = edgeToken(child, first: false) { return token }
            }
        }
        return nil
    }
}
