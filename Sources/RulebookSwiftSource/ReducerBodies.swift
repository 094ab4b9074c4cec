import RulebookCore
@_spi(RawSyntax) import SwiftSyntax

/// The reducer bodies of one file while ``SwiftFileVisitor`` walks it: bodies registered
/// when their reducer is found, and the ones the walk is inside (bodies nest: a
/// `Reduce { }` inside `reduce(into:action:)` belongs to both), each fed the nodes of its
/// body as the walk passes them.
struct ReducerBodies {
    /// Bodies found but not reached yet.
    private var pending: [ReducerBodyRecorder] = []
    /// Bodies the walk is inside, innermost last.
    private var active: [ReducerBodyRecorder] = []

    /// Whether the walk is inside a reducer body.
    var isInside: Bool { !active.isEmpty }

    /// Records the body `statements` for the reducer at `reducerIndex` once the walk reaches it.
    mutating func register(_ statements: CodeBlockItemListSyntax, actionName: String, reducerIndex: Int) {
        pending.append(ReducerBodyRecorder(body: statements.id, actionName: actionName, reducerIndex: reducerIndex))
    }

    /// The walk enters a statement list: the body of a registered reducer, or not.
    mutating func enter(_ node: CodeBlockItemListSyntax) {
        guard !pending.isEmpty, let index = pending.firstIndex(where: { $0.body == node.id }) else { return }
        active.append(pending.remove(at: index))
    }

    /// The walk leaves a statement list: the recorder of the body that ends there, if any.
    mutating func leave(_ node: CodeBlockItemListSyntax) -> ReducerBodyRecorder? {
        guard active.last?.body == node.id else { return nil }
        return active.popLast()
    }

    // MARK: Nodes inside bodies

    mutating func visit(_ node: ClosureExprSyntax) {
        guard isInside else { return }
        let isEffect = ReducerBodyRecorder.isEffect(closure: node)
        for index in active.indices { active[index].enterClosure(isEffect: isEffect) }
    }

    mutating func visitPost(_ node: ClosureExprSyntax) {
        for index in active.indices { active[index].leaveClosure() }
    }

    /// Records a call, anchored at the start of its callee; `path` is its callee's path.
    mutating func visit(_ node: FunctionCallExprSyntax, path: String, locate: Locator) {
        guard isInside,
            let token = node.calledExpression.firstToken(viewMode: .sourceAccurate) ?? node.firstToken(viewMode: .sourceAccurate)
        else { return }
        let site = SiteFacts(
            path: path, isStatement: SyntaxPaths.isStatement(node), location: locate(token),
            argumentLabels: node.arguments.map { $0.label?.text ?? "_" })
        for index in active.indices { active[index].enter(.call, node: node.id, site: site) }
    }

    mutating func visitPost(_ node: FunctionCallExprSyntax) {
        for index in active.indices { active[index].leave(node.id) }
    }

    mutating func visit(_ node: AwaitExprSyntax, locate: Locator) {
        guard isInside else { return }
        let site = SiteFacts(path: "await", isStatement: SyntaxPaths.isStatement(node), location: locate(node.awaitKeyword))
        for index in active.indices { active[index].enter(.await, node: node.id, site: site) }
    }

    mutating func visitPost(_ node: AwaitExprSyntax) {
        for index in active.indices { active[index].leave(node.id) }
    }

    /// Records type-rooted references that are not called (`Date.now`, `Service.shared`),
    /// once per chain: at its outermost member access, anchored at the chain's first token.
    mutating func visit(_ node: MemberAccessExprSyntax, locate: Locator) {
        guard isInside, !(node.parent?.is(MemberAccessExprSyntax.self) ?? false) else { return }
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id { return }
        // The path starts with its root's name: only type-rooted paths are built.
        guard let root = SyntaxPaths.firstName(of: ExprSyntax(node)), SyntaxPaths.startsUppercase(root) else { return }
        let path = SyntaxPaths.path(of: ExprSyntax(node))
        let site = SiteFacts(
            path: path, isStatement: SyntaxPaths.isStatement(node),
            location: locate(node.firstToken(viewMode: .sourceAccurate) ?? node.declName.baseName))
        for index in active.indices { active[index].record(.reference, site: site) }
    }

    mutating func visit(_ node: SwitchExprSyntax, locate: Locator) {
        guard isInside else { return }
        let subject = SyntaxPaths.path(of: node.subject)
        for index in active.indices { active[index].visit(node, subject: subject, locate: locate) }
    }
}

/// Feeds the reducer bodies a subtree the file visitor itself skips (an `import` inside a
/// body, whose attribute arguments may hold calls).
final class ReducerBodyFeeder: SyntaxVisitor {
    private var bodies: ReducerBodies
    private let locate: Locator

    /// `bodies` after walking `node`.
    static func feed(_ node: some SyntaxProtocol, to bodies: ReducerBodies, locate: @escaping Locator) -> ReducerBodies {
        let feeder = ReducerBodyFeeder(bodies: bodies, locate: locate)
        feeder.walk(node)
        return feeder.bodies
    }

    private init(bodies: ReducerBodies, locate: @escaping Locator) {
        self.bodies = bodies
        self.locate = locate
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        bodies.visit(node)
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) { bodies.visitPost(node) }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        bodies.visit(node, path: SyntaxPaths.path(of: node.calledExpression), locate: locate)
        return .visitChildren
    }
    override func visitPost(_ node: FunctionCallExprSyntax) { bodies.visitPost(node) }

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        bodies.visit(node, locate: locate)
        return .visitChildren
    }
    override func visitPost(_ node: AwaitExprSyntax) { bodies.visitPost(node) }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        bodies.visit(node, locate: locate)
        return .visitChildren
    }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        bodies.visit(node, locate: locate)
        return .visitChildren
    }
}
