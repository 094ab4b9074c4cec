import SwiftSyntax

/// Dotted paths of expressions: `environment.client.fetch().catchToEffect` for the callee of
/// `environment.client.fetch().catchToEffect()`; `.run` for an implicit member.
enum SyntaxPaths {
    static func path(of expression: ExprSyntax) -> String {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            guard let base = member.base else { return "." + name }
            return path(of: base) + "." + name
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return path(of: call.calledExpression) + "()"
        }
        if let specialization = expression.as(GenericSpecializationExprSyntax.self) {
            return path(of: specialization.expression)
        }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) { return path(of: unwrap.expression) }
        if let chain = expression.as(OptionalChainingExprSyntax.self) { return path(of: chain.expression) }
        if let tryExpr = expression.as(TryExprSyntax.self) { return path(of: tryExpr.expression) }
        if let awaitExpr = expression.as(AwaitExprSyntax.self) { return path(of: awaitExpr.expression) }
        if expression.is(SuperExprSyntax.self) { return "super" }
        return "?"
    }

    /// The last component of a callee path without `()`: `run` for `.run`, `Reducer` for `Reducer<…>`.
    static func lastComponent(_ path: String) -> String {
        String(path.split(separator: ".").last ?? Substring(path))
    }

    /// The closures passed to a call: trailing closures and closure arguments.
    static func closures(of call: FunctionCallExprSyntax) -> [ClosureExprSyntax] {
        var closures = call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        if let trailing = call.trailingClosure { closures.append(trailing) }
        closures += call.additionalTrailingClosures.map(\.closure)
        return closures
    }

    /// The call a closure is passed to, if any.
    static func owningCall(of closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        var node = Syntax(closure).parent
        for _ in 0..<4 {
            guard let current = node else { return nil }
            if let call = current.as(FunctionCallExprSyntax.self) { return call }
            guard current.is(LabeledExprSyntax.self) || current.is(LabeledExprListSyntax.self)
                || current.is(MultipleTrailingClosureElementSyntax.self)
                || current.is(MultipleTrailingClosureElementListSyntax.self)
            else { return nil }
            node = current.parent
        }
        return nil
    }

    /// Whether the expression stands as a statement whose value is unused.
    static func isStatement(_ expression: some SyntaxProtocol) -> Bool {
        var node = Syntax(expression)
        while let parent = node.parent {
            if parent.is(CodeBlockItemSyntax.self) { return true }
            if parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
                node = parent
                continue
            }
            if let infix = parent.as(InfixOperatorExprSyntax.self), infix.leftOperand.is(DiscardAssignmentExprSyntax.self),
                infix.rightOperand.id == node.id
            {
                node = parent
                continue
            }
            // Unfolded `_ = value`: a sequence of `_`, `=` and the value.
            if parent.is(ExprListSyntax.self), let sequence = parent.parent?.as(SequenceExprSyntax.self),
                sequence.elements.count == 3, sequence.elements.first?.is(DiscardAssignmentExprSyntax.self) == true,
                sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
                sequence.elements.last?.id == node.id
            {
                node = Syntax(sequence)
                continue
            }
            return false
        }
        return false
    }

    /// The names of a closure's parameters (`state, action, environment in`).
    static func parameterNames(of closure: ClosureExprSyntax) -> [String] {
        guard let parameters = closure.signature?.parameterClause else { return [] }
        switch parameters {
        case .simpleInput(let list):
            return list.map(\.name.text)
        case .parameterClause(let clause):
            return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        }
    }
}
