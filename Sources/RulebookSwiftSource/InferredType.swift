import SwiftSyntax

/// The type of a stored property without an annotation, inferred from simple initializers:
/// literals (`1.0` → `Double`), `Type(…)` calls and `Type.member` accesses (`CGSize.zero`).
enum InferredType {
    static func of(_ expression: ExprSyntax) -> String? {
        if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
        if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if expression.is(StringLiteralExprSyntax.self) { return "String" }
        if expression.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) { return of(prefix.expression) }
        if let call = expression.as(FunctionCallExprSyntax.self) { return typeName(call.calledExpression) }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return typeName(base)
        }
        return nil
    }

    /// `CGFloat` for `CGFloat`, `Angle` for `Angle.degrees`: an upper-case reference is a type.
    private static func typeName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return name.first?.isUppercase == true ? name : nil
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return typeName(base)
        }
        if let specialization = expression.as(GenericSpecializationExprSyntax.self) {
            return typeName(specialization.expression)
        }
        return nil
    }
}
