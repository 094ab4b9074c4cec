@_spi(RawSyntax) import SwiftSyntax

/// The walk that feeds ``FileIndexVisitor``: over the raw tree, materialising a `Syntax` node
/// only for the kinds the index reads (declarations, calls, bindings, generic arguments, an
/// `environment:` argument). Most nodes of a file are tokens and expressions the index never
/// looks at; a `SyntaxVisitor` would materialise each one. `FileIndexWalkTests` compares the
/// index with the one a `SyntaxVisitor` over every node gives.
struct FileIndexWalk {
    let visitor: FileIndexVisitor
    /// The walk's path from the root: each node with its place among its parent's present
    /// children, the current node last.
    private var frames: [(raw: RawSyntax, ordinal: Int)]
    /// The `Syntax` nodes of the first frames, the ones materialised so far (a prefix of the path).
    private var materializedFrames: [Syntax]

    init(tree: SourceFileSyntax, source: SourceText) {
        visitor = FileIndexVisitor(source: source)
        frames = [(tree.raw, 0)]
        materializedFrames = [Syntax(tree)]
    }

    mutating func run() { walkChildren() }

    private mutating func walkChildren() {
        guard let layout = frames[frames.count - 1].raw.layoutView else { return }
        var ordinal = 0
        for child in layout.children {
            guard let child else { continue }
            if !child.isToken {
                frames.append((child, ordinal))
                walkCurrent()
                if materializedFrames.count == frames.count { materializedFrames.removeLast() }
                frames.removeLast()
            }
            ordinal += 1
        }
    }

    private mutating func walkCurrent() {
        let raw = frames[frames.count - 1].raw
        switch raw.kind {
        case .structDecl: visit(StructDeclSyntax.self, visitor.visit, post: visitor.visitPost)
        case .classDecl: visit(ClassDeclSyntax.self, visitor.visit, post: visitor.visitPost)
        case .enumDecl: visit(EnumDeclSyntax.self, visitor.visit, post: visitor.visitPost)
        case .actorDecl: visit(ActorDeclSyntax.self, visitor.visit, post: visitor.visitPost)
        case .protocolDecl: visit(ProtocolDeclSyntax.self, visitor.visit, post: visitor.visitPost)
        case .extensionDecl: visit(ExtensionDeclSyntax.self, visitor.visit, post: visitor.visitPost)
        case .functionDecl: visit(FunctionDeclSyntax.self, visitor.visit, post: visitor.visitPost)
        case .initializerDecl: visit(InitializerDeclSyntax.self, visitor.visit, post: visitor.visitPost)
        case .typeAliasDecl: visit(TypeAliasDeclSyntax.self, visitor.visit)
        case .importDecl: visit(ImportDeclSyntax.self, visitor.visit)
        case .genericSpecializationExpr: visit(GenericSpecializationExprSyntax.self, visitor.visit)
        case .patternBinding: visit(PatternBindingSyntax.self, visitor.visit, post: visitor.visitPost)
        case .functionCallExpr: visit(FunctionCallExprSyntax.self, visitor.visit)
        // A closure, and a parameter's default value: no node to materialise, only a count.
        case .closureExpr:
            walkDeferred()
        case .functionParameter where RawFunctionParameterSyntax(raw)?.defaultValue != nil:
            walkDeferred()
        // Only the ones the visitor reads: a type with generic arguments, an `environment:` argument.
        case .identifierType where RawIdentifierTypeSyntax(raw)?.genericArgumentClause != nil:
            visit(IdentifierTypeSyntax.self, visitor.visit)
        case .labeledExpr where RawLabeledExprSyntax(raw)?.label?.tokenText == "environment":
            visit(LabeledExprSyntax.self, visitor.visit, post: visitor.visitPost)
        default:
            walkChildren()
        }
    }

    /// Walks the current node's children as code that runs later (a closure, a default value).
    private mutating func walkDeferred() {
        visitor.enterDeferred()
        walkChildren()
        visitor.leaveDeferred()
    }

    /// Materialises the current node as a `Node`, visits it, its children unless told to
    /// skip them, and leaves it.
    private mutating func visit<Node: SyntaxProtocol>(
        _ type: Node.Type, _ enter: (Node) -> SyntaxVisitorContinueKind, post leave: ((Node) -> Void)? = nil
    ) {
        guard let node = materialized(at: frames.count - 1).as(Node.self) else { return walkChildren() }
        if enter(node) == .visitChildren { walkChildren() }
        leave?(node)
    }

    private mutating func materialized(at depth: Int) -> Syntax {
        if depth < materializedFrames.count { return materializedFrames[depth] }
        let syntax = materialized(at: depth - 1).presentChild(at: frames[depth].ordinal)
        materializedFrames.append(syntax)
        return syntax
    }
}
