@_spi(RawSyntax) import SwiftSyntax

/// A node of the raw syntax tree with where it starts in its file. Raw nodes are not
/// reference counted and are not materialised into `Syntax` nodes, so walking and reading
/// them costs a fraction of the `Syntax` API (`RawSyntax` SPI, see `SyntaxPaths`).
struct RawNode {
    let raw: RawSyntax
    /// UTF-8 offset of the node's first byte, its leading trivia included.
    let offset: Int

    var kind: SyntaxKind { raw.kind }

    /// The offset after the leading trivia of a token: where its location starts.
    var tokenTextOffset: Int { offset + (raw.tokenView?.leadingTriviaByteLength ?? 0) }

    /// The offset before the trailing trivia of a token: where its location ends.
    var tokenTextEnd: Int { offset + raw.byteLength - (raw.tokenView?.trailingTriviaByteLength ?? 0) }

    /// Where the text of the last token present in the source ends (``tokenTextEnd``), the
    /// mirror of ``firstPresentToken()``: a missing token (`)` the parser added) has no text
    /// to underline, and the trailing trivia before it is not code.
    func presentTextEnd() -> Int? {
        if let token = raw.tokenView { return token.presence == .present ? tokenTextEnd : nil }
        guard let layout = raw.layoutView else { return nil }
        var childEnd = offset + raw.byteLength
        for child in layout.children.reversed() {
            guard let child else { continue }
            let childStart = childEnd - child.byteLength
            if let found = RawNode(raw: child, offset: childStart).presentTextEnd() { return found }
            childEnd = childStart
        }
        return nil
    }

    /// The child that is `node` (one of this node's children, reached through a typed raw
    /// accessor), with its offset.
    func child(_ node: some RawSyntaxNodeProtocol) -> RawNode? {
        guard let layout = raw.layoutView else { return nil }
        let id = node.raw.id
        var offset = self.offset
        for child in layout.children {
            guard let child else { continue }
            if child.id == id { return RawNode(raw: child, offset: offset) }
            offset += child.byteLength
        }
        return nil
    }

    /// The node's children that are present in its layout, with their offsets.
    var children: [RawNode] {
        guard let layout = raw.layoutView else { return [] }
        var children: [RawNode] = []
        children.reserveCapacity(layout.children.count)
        var offset = self.offset
        for child in layout.children {
            guard let child else { continue }
            children.append(RawNode(raw: child, offset: offset))
            offset += child.byteLength
        }
        return children
    }

    /// The first token that is present in the source (`firstToken(viewMode: .sourceAccurate)`).
    func firstPresentToken() -> RawNode? {
        if let token = raw.tokenView { return token.presence == .present ? self : nil }
        guard let layout = raw.layoutView else { return nil }
        var offset = self.offset
        for child in layout.children {
            guard let child else { continue }
            if let token = RawNode(raw: child, offset: offset).firstPresentToken() { return token }
            offset += child.byteLength
        }
        return nil
    }
}

extension Syntax {
    /// The child at `ordinal` among the children present in the layout (`RawFrame/ordinal`):
    /// a raw walk's node, materialised from its parent.
    func presentChild(at ordinal: Int) -> Syntax {
        let children = children(viewMode: .all)
        return children[children.index(children.startIndex, offsetBy: ordinal)]
    }
}

/// A node on the walk's path from the root: the node, and its place among its parent's
/// children (`children(viewMode: .all)`), to materialise it when something needs its `Syntax`.
struct RawFrame {
    let node: RawNode
    let ordinal: Int
}
