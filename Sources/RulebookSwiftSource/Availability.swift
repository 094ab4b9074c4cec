import SwiftSyntax

/// Whether code sits in an `#available(iOS 26.0, *)` branch, after a matching
/// `guard #available`, in the `else` of a lone `#unavailable(iOS 26.0)` condition (`if` or
/// `guard`), or in a declaration marked `@available(iOS 26.0, *)`.
enum Availability {
    /// The first OS version that ships Liquid Glass.
    static let glassMajorVersion = 26

    static func isGuarded(_ node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent {
            if let ifExpr = parent.as(IfExprSyntax.self), ifExpr.body.id == current.id, requires(ifExpr.conditions) {
                return true
            }
            if let ifExpr = parent.as(IfExprSyntax.self), ifExpr.elseBody?.id == current.id, excludes(ifExpr.conditions) {
                return true
            }
            if let guardStmt = parent.as(GuardStmtSyntax.self), guardStmt.body.id == current.id, excludes(guardStmt.conditions) {
                return true
            }
            if let item = current.as(CodeBlockItemSyntax.self), let list = parent.as(CodeBlockItemListSyntax.self) {
                for sibling in list {
                    if sibling.id == item.id { break }
                    if let guardStmt = Syntax(sibling.item).as(GuardStmtSyntax.self), requires(guardStmt.conditions) {
                        return true
                    }
                }
            }
            if let declaration = parent.asProtocol(WithAttributesSyntax.self), requires(declaration.attributes) {
                return true
            }
            current = parent
        }
        return false
    }

    private static func requires(_ conditions: ConditionElementListSyntax) -> Bool {
        conditions.contains { element in
            guard let availability = element.condition.as(AvailabilityConditionSyntax.self),
                availability.availabilityKeyword.tokenKind == .poundAvailable
            else { return false }
            return mentionsGlassVersion(availability.availabilityArguments.trimmedDescription)
        }
    }

    /// A single `#unavailable(iOS 26.0)` condition: its `else` runs only on iOS 26 and later.
    /// (With more conditions the `else` also runs when another condition fails.)
    private static func excludes(_ conditions: ConditionElementListSyntax) -> Bool {
        guard conditions.count == 1, let availability = conditions.first?.condition.as(AvailabilityConditionSyntax.self),
            availability.availabilityKeyword.tokenKind == .poundUnavailable
        else { return false }
        return mentionsGlassVersion(availability.availabilityArguments.trimmedDescription)
    }

    private static func requires(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { element in
            guard let attribute = element.as(AttributeSyntax.self), attribute.attributeName.trimmedDescription == "available",
                let arguments = attribute.arguments
            else { return false }
            return mentionsGlassVersion(arguments.trimmedDescription)
        }
    }

    /// `iOS 26.0, *` → true; `iOS 17, *` → false.
    static func mentionsGlassVersion(_ arguments: String) -> Bool {
        arguments.split(separator: ",").contains { part in
            let words = part.split(separator: " ")
            guard words.count >= 2, let major = Int(words[1].split(separator: ".").first ?? "") else { return false }
            return major >= glassMajorVersion
        }
    }
}
