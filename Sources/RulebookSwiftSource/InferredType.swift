@_spi(RawSyntax) import SwiftSyntax

/// The type of a stored property without an annotation, inferred from simple initializers:
/// literals (`1.0` → `Double`), initializer calls (`Feature.State()` → `Feature.State`,
/// `[String: [Color]]()` → `[String: [Color]]`), static factories and members
/// (`Angle.degrees(45)` → `Angle`, `CGSize.zero` → `CGSize`).
enum InferredType {
    /// The type of the initializer `node`, if it names one.
    static func of(_ node: RawNode, source: SourceText) -> String? {
        let expression = node.raw
        switch expression.kind {
        case .floatLiteralExpr: return "Double"
        case .integerLiteralExpr: return "Int"
        case .stringLiteralExpr: return "String"
        case .booleanLiteralExpr: return "Bool"
        case .prefixOperatorExpr:
            guard let prefixed = RawPrefixOperatorExprSyntax(expression), let operand = node.child(prefixed.expression) else { return nil }
            return of(operand, source: source)
        case .functionCallExpr:
            guard let call = RawFunctionCallExprSyntax(expression), let callee = node.child(call.calledExpression) else { return nil }
            // `[Item]()`, `[String: [Color]]()`: the literal type is the type.
            if callee.kind == .arrayExpr || callee.kind == .dictionaryExpr { return source.trimmed(callee) }
            // `Angle.degrees(45)`, `Date.init()`: a lower-case member is a factory of its base.
            if let member = RawMemberAccessExprSyntax(callee.raw), !SyntaxPaths.startsUppercase(member.declName.baseName.tokenText) {
                return member.base.flatMap { typeName($0.raw) }
            }
            return typeName(callee.raw)
        case .memberAccessExpr:
            return RawMemberAccessExprSyntax(expression)?.base.flatMap { typeName($0.raw) }
        default:
            return nil
        }
    }

    /// The type a reference names: `CGFloat`, `Feature.State` (every component upper-case,
    /// generic arguments left out); `nil` for anything else.
    private static func typeName(_ expression: RawSyntax) -> String? {
        if let reference = RawDeclReferenceExprSyntax(expression) {
            let name = reference.baseName.tokenText
            return SyntaxPaths.startsUppercase(name) ? String(syntaxText: name) : nil
        }
        if let member = RawMemberAccessExprSyntax(expression), let base = member.base {
            let name = member.declName.baseName.tokenText
            guard SyntaxPaths.startsUppercase(name), let baseType = typeName(base.raw) else { return nil }
            return baseType + "." + String(syntaxText: name)
        }
        if let specialization = RawGenericSpecializationExprSyntax(expression) {
            return typeName(specialization.expression.raw)
        }
        return nil
    }
}
