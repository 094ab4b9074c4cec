import SwiftSyntax

/// Dotted paths of expressions: `environment.client.fetch().catchToEffect` for the callee of
/// `environment.client.fetch().catchToEffect()`; `.run` for an implicit member.
enum SyntaxPaths {
    /// Components of the longest path built; real code stays far below.
    static let maxComponents = 64

    /// Iterative, and bounded: it runs for every call of a chain, so a chain of thousands of
    /// calls would cost quadratic time. Past ``maxComponents`` the rest of the chain reads as
    /// an unknown base, `?`.
    static func path(of expression: ExprSyntax) -> String {
        // Components from the outermost inwards; the path reads them backwards.
        var components: [String] = []
        var expression = expression
        while true {
            if components.count == maxComponents {
                components.append("?")
            } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
                components.append(reference.baseName.text)
            } else if let member = expression.as(MemberAccessExprSyntax.self) {
                components.append("." + member.declName.baseName.text)
                guard let base = member.base else { break }
                expression = base
                continue
            } else if let call = expression.as(FunctionCallExprSyntax.self) {
                components.append("()")
                expression = call.calledExpression
                continue
            } else if let inner = lookedThrough(expression) {
                expression = inner
                continue
            } else if expression.is(SuperExprSyntax.self) {
                components.append("super")
            } else {
                components.append("?")
            }
            break
        }
        return components.reversed().joined()
    }

    /// The name ``path(of:)`` starts with, without building the path: the name of the
    /// reference at the root of the chain; `nil` when the path starts otherwise (an implicit
    /// member's `.`, `super`, `?`).
    static func firstName(of expression: ExprSyntax) -> String? {
        root(of: expression, throughChains: true)
    }

    /// The name that is the whole of ``path(of:)`` (`Reduce` for `Reduce`, `Reducer<S, A, E>`),
    /// without building the path; `nil` when the path has more components.
    static func singleName(of expression: ExprSyntax) -> String? {
        root(of: expression, throughChains: false)
    }

    /// The expression inside a wrapper that paths look through (`Reducer<S, A>`, `x!`, `x?`,
    /// `try x`, `await x`), or `nil` for any other expression.
    private static func lookedThrough(_ expression: ExprSyntax) -> ExprSyntax? {
        expression.as(GenericSpecializationExprSyntax.self)?.expression
            ?? expression.as(ForceUnwrapExprSyntax.self)?.expression
            ?? expression.as(OptionalChainingExprSyntax.self)?.expression
            ?? expression.as(TryExprSyntax.self)?.expression
            ?? expression.as(AwaitExprSyntax.self)?.expression
    }

    /// The reference name ``path(of:)`` starts with, following member accesses and calls
    /// only when `throughChains`, and counting components as the path does.
    private static func root(of expression: ExprSyntax, throughChains: Bool) -> String? {
        var components = 0
        var expression = expression
        while components < maxComponents {
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                return reference.baseName.text
            } else if let member = expression.as(MemberAccessExprSyntax.self) {
                guard throughChains, let base = member.base else { return nil }
                components += 1
                expression = base
            } else if let call = expression.as(FunctionCallExprSyntax.self) {
                guard throughChains else { return nil }
                components += 1
                expression = call.calledExpression
            } else if let inner = lookedThrough(expression) {
                expression = inner
            } else {
                return nil
            }
        }
        return nil
    }

    /// `text.first?.isUppercase == true`, without Unicode property look-ups when the text
    /// starts with two ASCII bytes other than CR LF (then its first Character is its first byte).
    static func startsUppercase(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        if let first = bytes.next(), first < 0x80 {
            let second = bytes.next()
            if second.map({ $0 < 0x80 && !(first == 0x0D && $0 == 0x0A) }) ?? true {
                return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
            }
        }
        return text.first?.isUppercase == true
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
