import RulebookCore
@_spi(RawSyntax) import SwiftSyntax

/// The reducer bodies of one file while ``SwiftFileVisitor`` walks it: bodies registered
/// when their reducer is found, and the ones the walk is inside (bodies nest: a
/// `Reduce { }` inside `reduce(into:action:)` belongs to both), each fed the nodes of its
/// body as the walk passes them. Nodes come from the raw tree with the walk's path from the
/// root (`path`, the node last), which answers the questions about parents.
struct ReducerBodies {
    /// Bodies found but not reached yet.
    private var pending: [ReducerBodyRecorder] = []
    /// Bodies the walk is inside, innermost last.
    private var active: [ReducerBodyRecorder] = []

    /// Whether the walk is inside a reducer body.
    var isInside: Bool { !active.isEmpty }

    /// Records the body (a statement list or an initializer, by id) for the reducer at
    /// `reducerIndex` once the walk reaches it.
    mutating func register(_ body: RawSyntax.ID, actionName: String, reducerIndex: Int) {
        pending.append(ReducerBodyRecorder(body: body, actionName: actionName, reducerIndex: reducerIndex))
    }

    /// Whether a registered body is still to be entered.
    var hasPending: Bool { !pending.isEmpty }

    /// The walk enters a statement list (or a stored property's initializer): the body of a
    /// registered reducer (whose index it returns), or not.
    mutating func enter(body node: RawSyntax.ID) -> Int? {
        guard !pending.isEmpty, let index = pending.firstIndex(where: { $0.body == node }) else { return nil }
        let body = pending.remove(at: index)
        active.append(body)
        return body.reducerIndex
    }

    /// The walk leaves a statement list or an initializer: the recorder of the body that ends
    /// there, if any.
    mutating func leave(body node: RawSyntax.ID) -> ReducerBodyRecorder? {
        guard active.last?.body == node else { return nil }
        return active.popLast()
    }

    // MARK: Nodes inside bodies

    /// A closure runs as an effect when an effect builder takes it (`.run { }`), or when it is
    /// part of what the body returns (`return .exec { }`, an app's own effect helper).
    mutating func visitClosure(atEndOf path: [RawFrame]) {
        guard isInside else { return }
        let isEffect = ReducerBodyRecorder.isEffect(closureAtEndOf: path)
        for index in active.indices {
            active[index].enterClosure(isEffect: isEffect || SyntaxPaths.isReturned(closureAtEndOf: path, within: active[index].body))
        }
    }

    mutating func leaveClosure() {
        for index in active.indices { active[index].leaveClosure() }
    }

    /// Records a call, from the start of its callee to the end of the call (its trailing
    /// closures included).
    mutating func visitCall(atEndOf path: [RawFrame], locate: Locator) {
        guard isInside, let node = path.last?.node, let call = RawFunctionCallExprSyntax(node.raw),
            let token = node.child(call.calledExpression)?.firstPresentToken() ?? node.firstPresentToken()
        else { return }
        var labels: [String] = []
        for argument in call.arguments.layoutView.children {
            guard let argument = argument.flatMap(RawLabeledExprSyntax.init) else { continue }
            labels.append(argument.label.map { String(syntaxText: $0.tokenText) } ?? "_")
        }
        let site = SiteFacts(
            path: SyntaxPaths.path(of: call.calledExpression.raw), isStatement: SyntaxPaths.isStatement(atEndOf: path),
            location: locate(from: token.tokenTextOffset, to: node.presentTextEnd()), argumentLabels: labels)
        for index in active.indices { active[index].enter(.call, node: node.raw.id, site: site) }
    }

    /// The walk leaves a call or an `await`.
    mutating func leave(site node: RawSyntax.ID) {
        for index in active.indices { active[index].leave(node) }
    }

    /// Records an `await`, the whole expression it awaits included.
    mutating func visitAwait(atEndOf path: [RawFrame], locate: Locator) {
        guard isInside, let node = path.last?.node, let awaitExpr = RawAwaitExprSyntax(node.raw) else { return }
        let keyword = node.child(awaitExpr.awaitKeyword)?.tokenTextOffset ?? node.offset
        let site = SiteFacts(
            path: "await", isStatement: SyntaxPaths.isStatement(atEndOf: path),
            location: locate(from: keyword, to: node.presentTextEnd()))
        for index in active.indices {
            active[index].innermostClosureIsAsync()
            active[index].enter(.await, node: node.raw.id, site: site)
        }
    }

    /// Records a `try` or `throw` whose error leaves an effect's operation with nothing to
    /// handle it (``UnhandledThrows``), from its keyword, enclosing what it tries.
    mutating func visitThrowing(atEndOf path: [RawFrame], locate: Locator) {
        guard isInside, let node = path.last?.node, UnhandledThrows.escapesEffect(atEndOf: path),
            let keyword = node.firstPresentToken()
        else { return }
        let site = SiteFacts(
            path: UnhandledThrows.path(of: node.raw), isStatement: false,
            location: locate(from: keyword.tokenTextOffset, to: node.presentTextEnd()))
        for index in active.indices { active[index].enter(.throw, node: node.raw.id, site: site) }
    }

    /// Records type-rooted references that are not called (`Date.now`, `Service.shared`),
    /// once per chain: at its outermost member access, the whole chain.
    mutating func visitMemberAccess(atEndOf path: [RawFrame], locate: Locator) {
        guard isInside, let node = path.last?.node, let member = RawMemberAccessExprSyntax(node.raw) else { return }
        if path.count >= 2 {
            let parent = path[path.count - 2].node.raw
            if parent.kind == .memberAccessExpr { return }
            if let call = RawFunctionCallExprSyntax(parent), call.calledExpression.raw.id == node.raw.id { return }
        }
        // The path starts with its root's name: only type-rooted paths are built, and `.now`
        // (an implicit `Date.now` or `Instant.now`: a clock read); a property set is built
        // whatever its root but State and `self` (`pasteboard.string = text`: ``CodeSiteKind/write``).
        let root = SyntaxPaths.firstName(of: node.raw)
        let isWrite = SyntaxPaths.isAssigned(atEndOf: path) && root.map { $0 != "state" && $0 != "self" } ?? false
        let isImplicitNow = member.base == nil && member.declName.baseName.tokenText == "now"
        guard isWrite || isImplicitNow || root.map(SyntaxPaths.startsUppercase) == true else { return }
        let anchor = node.firstPresentToken()
            ?? node.child(member.declName).flatMap { $0.child(member.declName.baseName) }
        let start = anchor?.tokenTextOffset ?? node.offset
        let site = SiteFacts(
            path: SyntaxPaths.path(of: node.raw), isStatement: SyntaxPaths.isStatement(atEndOf: path),
            location: locate(from: start, to: node.presentTextEnd()))
        for index in active.indices { active[index].record(isWrite ? .write : .reference, site: site) }
    }

    /// A `switch` over the action; one over a child action that a pattern around it binds to
    /// the same name (`case let .child(action): switch action { … }`) is the child's, not the
    /// body's.
    mutating func visitSwitch(atEndOf path: [RawFrame], locate: Locator) {
        guard isInside, let node = path.last?.node, let switchExpr = RawSwitchExprSyntax(node.raw),
            let reference = RawDeclReferenceExprSyntax(switchExpr.subject.raw)
        else { return }
        let subject = String(syntaxText: reference.baseName.tokenText)
        for index in active.indices where subject == active[index].actionName {
            guard !SyntaxPaths.rebinds(subject, atEndOf: path, within: active[index].body) else { continue }
            active[index].visit(switch: node, locate: locate)
        }
    }
}
