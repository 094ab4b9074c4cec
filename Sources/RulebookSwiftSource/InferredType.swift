@_spi(RawSyntax) import SwiftSyntax

/// The type of a stored property without an annotation, inferred from simple initializers:
/// literals (`1.0` → `Double`), `Type(…)` calls and `Type.member` accesses (`CGSize.zero`).
enum InferredType {
    /// The type of the raw expression `expression`, if it names one.
    static func of(_ expression: RawSyntax) -> String? {
        switch expression.kind {
        case .floatLiteralExpr: "Double"
        case .integerLiteralExpr: "Int"
        case .stringLiteralExpr: "String"
        case .booleanLiteralExpr: "Bool"
        case .prefixOperatorExpr: RawPrefixOperatorExprSyntax(expression).flatMap { of($0.expression.raw) }
        case .functionCallExpr: RawFunctionCallExprSyntax(expression).flatMap { typeName($0.calledExpression.raw) }
        case .memberAccessExpr: RawMemberAccessExprSyntax(expression)?.base.flatMap { typeName($0.raw) }
        default: nil
        }
    }

    /// `CGFloat` for `CGFloat`, `Angle` for `Angle.degrees`: an upper-case reference is a type.
    private static func typeName(_ expression: RawSyntax) -> String? {
        if let reference = RawDeclReferenceExprSyntax(expression) {
            let name = reference.baseName.tokenText
            return SyntaxPaths.startsUppercase(name) ? String(syntaxText: name) : nil
        }
        if let member = RawMemberAccessExprSyntax(expression), let base = member.base {
            return typeName(base.raw)
        }
        if let specialization = RawGenericSpecializationExprSyntax(expression) {
            return typeName(specialization.expression.raw)
        }
        return nil
    }
}
