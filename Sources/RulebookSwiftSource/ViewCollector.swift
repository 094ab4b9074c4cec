import RulebookCore
@_spi(RawSyntax) import SwiftSyntax

/// What one SwiftUI view type's members hold, fed by ``SwiftFileVisitor``'s single walk while
/// it is inside the view's member block: whether the view observes the store through
/// `WithViewStore`/`ViewStore`, forwards it, and where its animation modifiers take their
/// values. Names are compared as bytes (no other text is canonically equivalent to them).
struct ViewCollector {
    /// Modifiers that set an animatable value.
    static let animationModifiers: Set<SyntaxText> = ["scaleEffect", "opacity", "rotationEffect", "offset", "blur", "animation"]
    /// Names a store is held under in views.
    static let storeNames: Set<String> = ["store", "viewStore"]
    /// Views that take a scoped store and observe it themselves.
    static let storeForwardingViews: Set<SyntaxText> = ["IfLetStore", "ForEachStore", "SwitchStore", "NavigationStackStore"]

    /// The view's member block.
    let block: RawSyntax.ID
    /// The view's index in the file's facts.
    let viewIndex: Int
    private(set) var observesViewStore = false
    private(set) var forwardsStore = false
    private(set) var modifiers: [AnimationModifierUse] = []

    init(block: RawSyntax.ID, viewIndex: Int) {
        self.block = block
        self.viewIndex = viewIndex
    }

    /// Takes in a node of the view's members.
    mutating func visit(_ node: RawNode, source: SourceText, locate: OffsetLocator) {
        switch node.kind {
        case .declReferenceExpr:
            guard let name = RawDeclReferenceExprSyntax(node.raw)?.baseName.tokenText else { return }
            if name == "WithViewStore" || name == "ViewStore" { observesViewStore = true }
            if Self.storeForwardingViews.contains(name) { forwardsStore = true }
        case .identifierType:
            guard let name = RawIdentifierTypeSyntax(node.raw)?.name.tokenText else { return }
            if name == "ViewStore" || name == "ViewStoreOf" { observesViewStore = true }
        case .labeledExpr:
            // Each path below starts with the name `store` or `self`: no path built for others.
            guard let expression = RawLabeledExprSyntax(node.raw)?.expression.raw, let root = SyntaxPaths.firstName(of: expression),
                root == "store" || root == "self"
            else { return }
            let argument = SyntaxPaths.path(of: expression)
            if argument == "store" || argument == "self.store" || argument.hasPrefix("store.scope") || argument.hasPrefix("self.store.scope") {
                forwardsStore = true
            }
        case .functionCallExpr:
            visitCall(node, source: source, locate: locate)
        default:
            break
        }
    }

    private mutating func visitCall(_ node: RawNode, source: SourceText, locate: OffsetLocator) {
        guard let call = RawFunctionCallExprSyntax(node.raw), let member = RawMemberAccessExprSyntax(call.calledExpression.raw)
        else { return }
        let modifier = member.declName.baseName.tokenText
        guard Self.animationModifiers.contains(modifier), let list = node.child(call.arguments) else { return }
        var values: [(labeled: RawLabeledExprSyntax, node: RawNode)] = list.children.compactMap { element in
            RawLabeledExprSyntax(element.raw).map { ($0, element) }
        }
        if modifier == "animation" {
            // `.animation(.spring, value: store.count)` reads only its trigger from the store.
            values = Array(values.prefix { $0.labeled.label == nil }.prefix(1))
        }
        let offending = values.first { Self.readsStore($0.labeled.expression.raw) }
        // A missing argument (`.blur(` at the end of a file) has no token of its own.
        guard let shown = offending ?? values.first, let expression = shown.node.child(shown.labeled.expression),
            let token = expression.firstPresentToken() ?? node.firstPresentToken()
        else { return }
        modifiers.append(
            AnimationModifierUse(
                modifier: String(syntaxText: modifier), argument: source.trimmed(expression), readsStore: offending != nil,
                location: locate(token.tokenTextOffset)))
    }

    /// Whether the value comes from store state: a member chain rooted at the store
    /// (`viewStore.scale`, `store.state.angle`, `self.store.offset`), or arithmetic or a
    /// ternary branch on one (`viewStore.center.x - 25`, `isCurrent ? viewStore.rowOpacity : 1`).
    /// A value chosen by business state (`store.isOn ? 1 : 0`) does not count: the store
    /// decides, the View owns the values.
    static func readsStore(_ expression: RawSyntax) -> Bool {
        switch expression.kind {
        case .memberAccessExpr:
            return isStoreChain(expression)
        case .tupleExpr:
            guard let elements = RawTupleExprSyntax(expression)?.elements.layoutView.children, elements.count == 1,
                let only = elements.first??.raw, let element = RawLabeledExprSyntax(only)
            else { return false }
            return readsStore(element.expression.raw)
        case .sequenceExpr:
            guard let elements = RawSequenceExprSyntax(expression)?.elements.layoutView.children.compactMap({ $0 }) else { return false }
            // In `condition ? a : b` the operands before `?` only choose; the rest are values.
            let ternary = elements.firstIndex { $0.kind == .unresolvedTernaryExpr }
            let values = ternary.map { Array(elements[$0...]) } ?? elements
            return values.contains { element in
                if let then = RawUnresolvedTernaryExprSyntax(element) { return readsStore(then.thenExpression.raw) }
                return readsStore(element)
            }
        default:
            return false
        }
    }

    /// A plain member chain rooted at the store.
    private static func isStoreChain(_ expression: RawSyntax) -> Bool {
        var components = SyntaxPaths.path(of: expression).split(separator: ".").map(String.init)
        if components.first == "self" { components.removeFirst() }
        guard components.count >= 2, let root = components.first else { return false }
        return storeNames.contains(root) && !components.contains { $0.hasSuffix("()") || $0 == "?" }
    }
}
