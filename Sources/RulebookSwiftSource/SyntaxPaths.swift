// `RawSyntax` SPI: paths are read from the raw tree (no node is materialised, nothing is
// reference counted) and names as the bytes of the source (`SyntaxText`), compared and hashed
// without making a `String` of each one.
@_spi(RawSyntax) import SwiftSyntax

/// Dotted paths of expressions: `environment.client.fetch().catchToEffect` for the callee of
/// `environment.client.fetch().catchToEffect()`; `.run` for an implicit member.
enum SyntaxPaths {
    /// Components of the longest path built; real code stays far below.
    static let maxComponents = 64

    /// Iterative, and bounded: it runs for every call of a chain, so a chain of thousands of
    /// calls would cost quadratic time. Past ``maxComponents`` the rest of the chain reads as
    /// an unknown base, `?`. The path is written from the tokens' bytes once, at the end.
    static func path(of expression: ExprSyntax) -> String {
        path(of: expression.raw)
    }

    /// ``path(of:)-(ExprSyntax)`` of a raw expression.
    static func path(of raw: RawSyntax) -> String {
        // Pieces from the outermost inwards; the path reads them backwards.
        var pieces: [SyntaxText] = []
        var components = 0
        var expression = raw
        while true {
            components += 1
            if components > maxComponents {
                pieces.append("?")
            } else if let reference = RawDeclReferenceExprSyntax(expression) {
                pieces.append(reference.baseName.tokenText)
            } else if let member = RawMemberAccessExprSyntax(expression) {
                pieces.append(member.declName.baseName.tokenText)
                pieces.append(".")
                guard let base = member.base else { break }
                expression = base.raw
                continue
            } else if let call = RawFunctionCallExprSyntax(expression) {
                pieces.append("()")
                expression = call.calledExpression.raw
                continue
            } else if let inner = lookedThrough(expression) {
                components -= 1
                expression = inner
                continue
            } else if RawSuperExprSyntax.isKindOf(expression) {
                pieces.append("super")
            } else {
                pieces.append("?")
            }
            break
        }
        return joinedBackwards(pieces)
    }

    /// The pieces' bytes, last piece first, as one string.
    private static func joinedBackwards(_ pieces: [SyntaxText]) -> String {
        let count = pieces.reduce(0) { $0 + $1.count }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var offset = 0
            for piece in pieces.reversed() {
                guard piece.count > 0, let base = piece.baseAddress, let target = buffer.baseAddress else { continue }
                (target + offset).update(from: base, count: piece.count)
                offset += piece.count
            }
            return offset
        }
    }

    /// The name ``path(of:)`` starts with, as bytes, without building the path: the name of
    /// the reference at the root of the chain; `nil` when the path starts otherwise (an
    /// implicit member's `.`, `super`, `?`). Valid while the tree is.
    static func firstName(of expression: ExprSyntax) -> SyntaxText? {
        root(of: expression.raw, throughChains: true)
    }

    /// ``firstName(of:)-(ExprSyntax)`` of a raw expression.
    static func firstName(of raw: RawSyntax) -> SyntaxText? {
        root(of: raw, throughChains: true)
    }

    /// The name that is the whole of ``path(of:)`` (`Reduce` for `Reduce`, `Reducer<S, A, E>`),
    /// as bytes, without building the path; `nil` when the path has more components.
    static func singleName(of raw: RawSyntax) -> SyntaxText? {
        root(of: raw, throughChains: false)
    }

    /// The expression inside a wrapper that paths look through (`Reducer<S, A>`, `x!`, `x?`,
    /// `try x`, `await x`), or `nil` for any other expression.
    private static func lookedThrough(_ expression: RawSyntax) -> RawSyntax? {
        switch expression.kind {
        case .genericSpecializationExpr: RawGenericSpecializationExprSyntax(expression)?.expression.raw
        case .forceUnwrapExpr: RawForceUnwrapExprSyntax(expression)?.expression.raw
        case .optionalChainingExpr: RawOptionalChainingExprSyntax(expression)?.expression.raw
        case .tryExpr: RawTryExprSyntax(expression)?.expression.raw
        case .awaitExpr: RawAwaitExprSyntax(expression)?.expression.raw
        default: nil
        }
    }

    /// The reference name ``path(of:)`` starts with, following member accesses and calls
    /// only when `throughChains`, and counting components as the path does.
    private static func root(of expression: RawSyntax, throughChains: Bool) -> SyntaxText? {
        var components = 0
        var expression = expression
        while components < maxComponents {
            if let reference = RawDeclReferenceExprSyntax(expression) {
                return reference.baseName.tokenText
            } else if let member = RawMemberAccessExprSyntax(expression) {
                guard throughChains, let base = member.base else { return nil }
                components += 1
                expression = base.raw
            } else if let call = RawFunctionCallExprSyntax(expression) {
                guard throughChains else { return nil }
                components += 1
                expression = call.calledExpression.raw
            } else if let inner = lookedThrough(expression) {
                expression = inner
            } else {
                return nil
            }
        }
        return nil
    }

    /// Whether a token's text starts with an uppercase letter (`first?.isUppercase` of its
    /// `String`), read from its bytes without making the `String` when its first two bytes
    /// are ASCII other than CR LF (then its first Character is its first byte).
    static func startsUppercase(_ text: SyntaxText) -> Bool {
        if let first = text.first, first < 0x80 {
            let second = text.count > 1 ? text[text.index(after: text.startIndex)] : nil
            if second.map({ $0 < 0x80 && !(first == 0x0D && $0 == 0x0A) }) ?? true {
                return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
            }
        }
        return String(syntaxText: text).first?.isUppercase == true
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

    /// The call the closure at the end of `path` (the walk's path from the root) is passed
    /// to, if any.
    static func owningCall(ofClosureAtEndOf path: [RawFrame]) -> RawNode? {
        var index = path.count - 2
        for _ in 0..<4 {
            guard index >= 0 else { return nil }
            let current = path[index].node
            switch current.kind {
            case .functionCallExpr: return current
            case .labeledExpr, .labeledExprList, .multipleTrailingClosureElement, .multipleTrailingClosureElementList: index -= 1
            default: return nil
            }
        }
        return nil
    }

    /// Whether a callee builds a value of the type its context expects: `.init`, `Self` or
    /// `Self.init`.
    static func isInitializerOfItsContext(_ callee: RawSyntax) -> Bool {
        if let member = RawMemberAccessExprSyntax(callee) {
            guard member.declName.baseName.tokenText == "init" else { return false }
            guard let base = member.base else { return true }
            return RawDeclReferenceExprSyntax(base.raw)?.baseName.tokenText == "Self"
        }
        return RawDeclReferenceExprSyntax(callee)?.baseName.tokenText == "Self"
    }

    /// Whether one of `function`'s parameters is `inout` (read from the raw signature).
    static func hasInoutParameter(_ function: RawFunctionDeclSyntax) -> Bool {
        function.signature.parameterClause.parameters.layoutView.children.contains { child in
            guard let parameter = child.flatMap(RawFunctionParameterSyntax.init),
                let attributed = RawAttributedTypeSyntax(parameter.type.raw)
            else { return false }
            return attributed.specifiers.layoutView.children.contains { specifier in
                specifier.flatMap(RawSimpleTypeSpecifierSyntax.init)?.specifier.tokenText == "inout"
            }
        }
    }

    /// Whether a function's written return type is an effect: `Effect<…>`, `EffectTask<…>`,
    /// `EffectOf<…>`, `EffectPublisher<…>`.
    static func returnsEffect(_ function: RawFunctionDeclSyntax) -> Bool {
        guard let type = function.signature.returnClause?.type.raw,
            let name = RawIdentifierTypeSyntax(type)?.name.tokenText ?? RawMemberTypeSyntax(type)?.name.tokenText
        else { return false }
        return name.hasPrefix("Effect")
    }

    /// Whether the closure at the end of `path` is part of what a `return` statement of the
    /// body `body` returns (`return .exec { … }`, `return publisher.map { … }`): it runs when
    /// the returned effect runs, whatever builds the effect. A closure between the two
    /// (`items.map { return … }`) owns that `return`.
    static func isReturned(closureAtEndOf path: [RawFrame], within body: RawSyntax.ID) -> Bool {
        var index = path.count - 2
        while index >= 0 {
            let node = path[index].node
            if node.raw.id == body { return false }
            switch node.kind {
            case .returnStmt: return true
            case .closureExpr, .functionDecl, .accessorDecl, .initializerDecl: return false
            default: index -= 1
            }
        }
        return false
    }

    /// Whether a declaration or pattern between the node at the end of `path` and the body
    /// `body` binds `name` anew: a `case let .child(action):` around a `switch action`, an
    /// `if case let .child(action) = action`, or a closure's `action in`.
    static func rebinds(_ name: String, atEndOf path: [RawFrame], within body: RawSyntax.ID) -> Bool {
        var index = path.count - 2
        while index >= 0 {
            let node = path[index].node
            if node.raw.id == body { return false }
            let binder: RawSyntax?
            switch node.kind {
            case .switchCase: binder = RawSwitchCaseSyntax(node.raw)?.label.raw
            case .ifExpr: binder = RawIfExprSyntax(node.raw)?.conditions.raw
            case .whileStmt: binder = RawWhileStmtSyntax(node.raw)?.conditions.raw
            case .closureExpr: binder = RawClosureExprSyntax(node.raw)?.signature?.raw
            default: binder = nil
            }
            if let binder, bindsIdentifier(name, in: binder) { return true }
            index -= 1
        }
        return false
    }

    /// Whether `node` holds a pattern or closure parameter naming `name`.
    private static func bindsIdentifier(_ name: String, in node: RawSyntax) -> Bool {
        if let pattern = RawIdentifierPatternSyntax(node) { return String(syntaxText: pattern.identifier.tokenText) == name }
        if let parameter = RawClosureShorthandParameterSyntax(node) { return String(syntaxText: parameter.name.tokenText) == name }
        if let parameter = RawClosureParameterSyntax(node) {
            return String(syntaxText: (parameter.secondName ?? parameter.firstName).tokenText) == name
        }
        guard let layout = node.layoutView else { return false }
        return layout.children.contains { child in child.map { bindsIdentifier(name, in: $0) } ?? false }
    }

    /// The depth in `path` of the call that takes the call at the end of `path` as an
    /// argument, directly or as the start of a chain (`.init { … }.binding()`).
    static func callDepth(takingArgumentAtEndOf path: [RawFrame]) -> Int? {
        var index = path.count - 2
        // Up the chain the call starts: through member accesses it is the base of, and calls
        // it is the callee of.
        while index >= 0 {
            let parent = path[index].node.raw
            let child = path[index + 1].node.raw.id
            if RawMemberAccessExprSyntax(parent)?.base?.raw.id == child || RawFunctionCallExprSyntax(parent)?.calledExpression.raw.id == child {
                index -= 1
            } else {
                break
            }
        }
        while index >= 0 {
            switch path[index].node.kind {
            case .labeledExpr, .labeledExprList: index -= 1
            case .functionCallExpr: return index
            default: return nil
            }
        }
        return nil
    }

    /// Whether the expression at the end of `path` is what an assignment sets: the left of
    /// `=` or of a compound assignment (`+=`) in the unfolded sequence the parser gives.
    static func isAssigned(atEndOf path: [RawFrame]) -> Bool {
        guard path.count >= 3, path[path.count - 2].node.kind == .exprList,
            let sequence = RawSequenceExprSyntax(path[path.count - 3].node.raw)
        else { return false }
        let elements = sequence.elements.layoutView.children
        guard elements.count >= 3, elements[0]?.id == path[path.count - 1].node.raw.id, let operation = elements[1] else { return false }
        if operation.kind == .assignmentExpr { return true }
        guard let binary = RawBinaryOperatorExprSyntax(operation) else { return false }
        return compoundAssignments.contains(binary.operator.tokenText)
    }

    /// The standard library's compound assignment operators.
    private static let compoundAssignments: Set<SyntaxText> = ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "&+=", "&-=", "&*="]

    /// Whether the expression at the end of `path` (the walk's path from the root) stands as
    /// a statement whose value is unused.
    static func isStatement(atEndOf path: [RawFrame]) -> Bool {
        var index = path.count - 1
        while index > 0 {
            let node = path[index].node.raw
            let parent = path[index - 1].node.raw
            switch parent.kind {
            case .codeBlockItem:
                return true
            case .tryExpr, .awaitExpr:
                index -= 1
            case .infixOperatorExpr:
                guard let infix = RawInfixOperatorExprSyntax(parent), infix.leftOperand.raw.kind == .discardAssignmentExpr,
                    infix.rightOperand.raw.id == node.id
                else { return false }
                index -= 1
            case .exprList:
                // Unfolded `_ = value`: a sequence of `_`, `=` and the value.
                guard index >= 2, let sequence = RawSequenceExprSyntax(path[index - 2].node.raw) else { return false }
                let elements = sequence.elements.layoutView.children
                guard elements.count == 3, elements[0]?.kind == .discardAssignmentExpr, elements[1]?.kind == .assignmentExpr,
                    elements[2]?.id == node.id
                else { return false }
                index -= 2
            default:
                return false
            }
        }
        return false
    }

    /// A function or initializer as a scope of the declarations in its body, written as Swift
    /// names a function: `testCount()`, `reduce(into:action:)`, `init(store:)`.
    static func scopeName(ofFunction raw: RawSyntax) -> String {
        let name: String
        let parameters: RawFunctionParameterListSyntax
        if let function = RawFunctionDeclSyntax(raw) {
            name = String(syntaxText: function.name.tokenText)
            parameters = function.signature.parameterClause.parameters
        } else if let initializer = RawInitializerDeclSyntax(raw) {
            name = "init"
            parameters = initializer.signature.parameterClause.parameters
        } else {
            return "?()"
        }
        var labels = ""
        for child in parameters.layoutView.children {
            guard let parameter = child.flatMap(RawFunctionParameterSyntax.init) else { continue }
            labels += String(syntaxText: parameter.firstName.tokenText) + ":"
        }
        return "\(name)(\(labels))"
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
