import RulebookCore
@_spi(RawSyntax) import SwiftSyntax

/// Which `try` and `throw` in a reducer body end an effect with an error nothing
/// handles (``CodeSite`` kind `throw`): TCA's `Effect.run` catches what its operation throws,
/// drops a `CancellationError` and reports any other error as "threw an unhandled error"
/// unless the `.run` has a `catch:` handler. Read from the walk's path, innermost last.
enum UnhandledThrows {
    /// Whether the `try` or `throw` at the end of `path` throws out of the operation
    /// closure of an effect without a `catch:` handler.
    static func escapesEffect(atEndOf path: [RawFrame]) -> Bool {
        guard let node = path.last?.node, throwsItsErrors(node.raw) else { return false }
        // Whether the walk up has left a closure that a tried call takes (`try await
        // withTaskCancellation(id:) { try await … }`): its errors may be rethrown by that call,
        // whose `try` is then this one's site's parent.
        var crossedClosure = false
        var index = path.count - 2
        while index >= 0 {
            let frame = path[index].node
            switch frame.kind {
            case .tryExpr:
                // An outer `try` of the same expression covers this one: it is reported, or
                // it is `try?`/`try!`.
                guard crossedClosure, throwsItsErrors(frame.raw) else { return false }
            case .doStmt:
                if let doStmt = RawDoStmtSyntax(frame.raw), doStmt.body.raw.id == path[index + 1].node.raw.id,
                    !doStmt.catchClauses.elements.isEmpty
                {
                    return false
                }
            case .closureExpr:
                let closurePath = Array(path[...index])
                if let unguarded = unguardedOperation(closureAtEndOf: closurePath) { return unguarded }
                guard isTried(closureAtEndOf: closurePath) else { return false }
                crossedClosure = true
            case .functionDecl, .initializerDecl, .accessorBlock, .deinitializerDecl, .subscriptDecl:
                return false
            default:
                break
            }
            index -= 1
        }
        return false
    }

    /// How the site is named: `try` or `throw`.
    static func path(of node: RawSyntax) -> String {
        node.kind == .throwStmt ? "throw" : "try"
    }

    /// A `try` (not `try?` or `try!`) or a `throw`. `for try await` is left out: over an
    /// `AsyncStream` it cannot throw, and the walk cannot tell the sequence's type.
    private static func throwsItsErrors(_ node: RawSyntax) -> Bool {
        switch node.kind {
        case .tryExpr: RawTryExprSyntax(node)?.questionOrExclamationMark == nil
        case .throwStmt: true
        default: false
        }
    }

    /// For the operation closure of `.run`/`.task` (written `.run`, `Effect.run`,
    /// `EffectTask.task` …) at the end of `path`: whether that call lacks a `catch:` handler;
    /// `nil` for any other closure.
    private static func unguardedOperation(closureAtEndOf path: [RawFrame]) -> Bool? {
        guard path.count >= 2, path[path.count - 2].node.kind != .multipleTrailingClosureElement,
            let callNode = SyntaxPaths.owningCall(ofClosureAtEndOf: path), let call = RawFunctionCallExprSyntax(callNode.raw)
        else { return nil }
        guard ReportingEffectBuilder.isBuilt(byCallee: SyntaxPaths.path(of: call.calledExpression.raw)) else { return nil }
        if let argument = RawLabeledExprSyntax(path[path.count - 2].node.raw), let label = argument.label,
            label.tokenText != "operation"
        {
            return nil
        }
        return !hasCatchHandler(call)
    }

    private static func hasCatchHandler(_ call: RawFunctionCallExprSyntax) -> Bool {
        call.arguments.elements.contains { $0.label?.tokenText == "catch" }
            || call.additionalTrailingClosures.elements.contains { $0.label.tokenText == "catch" }
    }

    /// Whether the closure at the end of `path` is taken by a call that a `try` tries
    /// (through `await`): `try await withTaskCancellation(id: …) { … }`.
    private static func isTried(closureAtEndOf path: [RawFrame]) -> Bool {
        guard let call = SyntaxPaths.owningCall(ofClosureAtEndOf: path),
            var index = path.lastIndex(where: { $0.node.raw.id == call.raw.id })
        else { return false }
        while index > 0 {
            index -= 1
            switch path[index].node.kind {
            case .awaitExpr: continue
            case .tryExpr: return true
            default: return false
            }
        }
        return false
    }
}
