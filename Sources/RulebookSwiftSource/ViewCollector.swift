import RulebookCore
@_spi(RawSyntax) import SwiftSyntax

/// Walks one SwiftUI view type and records whether it observes the store through
/// `WithViewStore`/`ViewStore` and where its animation modifiers take their values.
final class ViewCollector: SyntaxVisitor {
    /// Modifiers that set an animatable value.
    static let animationModifiers: Set<String> = ["scaleEffect", "opacity", "rotationEffect", "offset", "blur", "animation"]
    /// Names a store is held under in views.
    static let storeNames: Set<String> = ["store", "viewStore"]
    /// Views that take a scoped store and observe it themselves.
    static let storeForwardingViews: Set<String> = ["IfLetStore", "ForEachStore", "SwitchStore", "NavigationStackStore"]

    private let locate: Locator
    private(set) var observesViewStore = false
    private(set) var forwardsStore = false
    private(set) var modifiers: [AnimationModifierUse] = []

    static func collect(_ members: MemberBlockSyntax, locate: @escaping Locator) -> ViewCollector {
        let collector = ViewCollector(locate: locate)
        collector.walk(members)
        return collector
    }

    private init(locate: @escaping Locator) {
        self.locate = locate
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if ["WithViewStore", "ViewStore"].contains(node.baseName.text) { observesViewStore = true }
        if Self.storeForwardingViews.contains(node.baseName.text) { forwardsStore = true }
        return .visitChildren
    }

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        // Each path below starts with the name `store` or `self`: no path built for others.
        // Byte comparisons: no other text is canonically equivalent to these ASCII names.
        guard let root = SyntaxPaths.firstName(of: node.expression), root == "store" || root == "self" else {
            return .visitChildren
        }
        let argument = SyntaxPaths.path(of: node.expression)
        if argument == "store" || argument == "self.store" || argument.hasPrefix("store.scope") || argument.hasPrefix("self.store.scope") {
            forwardsStore = true
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        if ["ViewStore", "ViewStoreOf"].contains(node.name.text) { observesViewStore = true }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
        let modifier = member.declName.baseName.text
        guard Self.animationModifiers.contains(modifier) else { return .visitChildren }
        let values: [LabeledExprSyntax]
        if modifier == "animation" {
            // `.animation(.spring, value: store.count)` reads only its trigger from the store.
            values = Array(node.arguments.prefix { $0.label == nil }.prefix(1))
        } else {
            values = Array(node.arguments)
        }
        let offending = values.first { Self.readsStore($0.expression) }
        let shown = offending ?? values.first
        // A missing argument (`.blur(` at the end of a file) has no token of its own.
        guard let shown, let token = shown.expression.firstToken(viewMode: .sourceAccurate) ?? node.firstToken(viewMode: .sourceAccurate)
        else { return .visitChildren }
        modifiers.append(
            AnimationModifierUse(
                modifier: modifier, argument: shown.expression.trimmedDescription, readsStore: offending != nil,
                location: locate(token)))
        return .visitChildren
    }

    /// A plain member chain rooted at the store: `viewStore.scale`, `store.state.angle`,
    /// `self.store.offset`. Derived expressions (`store.isOn ? 1 : 0`) do not count.
    static func readsStore(_ expression: ExprSyntax) -> Bool {
        guard expression.is(MemberAccessExprSyntax.self) else { return false }
        var components = SyntaxPaths.path(of: expression).split(separator: ".").map(String.init)
        if components.first == "self" { components.removeFirst() }
        guard components.count >= 2, let root = components.first else { return false }
        return storeNames.contains(root) && !components.contains { $0.hasSuffix("()") || $0 == "?" }
    }
}
