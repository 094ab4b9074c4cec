import RulebookCore
@_spi(RawSyntax) import SwiftSyntax

/// What one SwiftUI view type's members hold, fed by ``SwiftFileVisitor``'s single walk while
/// it is inside the view's member block: whether the view observes the store through
/// `WithViewStore`/`ViewStore`, forwards it, and where its animation modifiers take their
/// values. Names are compared as bytes (no other text is canonically equivalent to them).
struct ViewCollector {
    /// Modifiers that set an animatable value.
    static let animationModifiers: Set<SyntaxText> = [
        "scaleEffect", "opacity", "rotationEffect", "rotation3DEffect", "offset", "blur", "animation",
    ]
    /// SwiftUI's `Angle` made from a number in a unit (`.degrees(viewStore.flip)`): the same
    /// value, not one the View derives.
    static let angleUnits: Set<SyntaxText> = ["degrees", "radians"]
    /// Names a store is held under in views.
    static let storeNames: Set<String> = ["store", "viewStore"]
    /// Views that take a scoped store and observe it themselves.
    static let storeForwardingViews: Set<SyntaxText> = ["IfLetStore", "ForEachStore", "SwitchStore", "NavigationStackStore"]

    /// The view's member block.
    let block: RawSyntax.ID
    /// The view's index in the file's facts (``SwiftFileFacts/views``, or
    /// ``SwiftFileFacts/extensionViews`` for an extension).
    let viewIndex: Int
    /// The members are an extension's, of a type that may be a view declared elsewhere.
    var isExtension = false
    private(set) var observesViewStore = false
    private(set) var forwardsStore = false
    private(set) var modifiers: [AnimationModifierUse] = []

    init(block: RawSyntax.ID, viewIndex: Int) {
        self.block = block
        self.viewIndex = viewIndex
    }

    /// Takes in a node of the view's members.
    mutating func visit(_ node: RawNode, source: SourceText, locate: Locator) {
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

    private mutating func visitCall(_ node: RawNode, source: SourceText, locate: Locator) {
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
        let expressions = values.compactMap { $0.node.child($0.labeled.expression) }
        let read = expressions.lazy.compactMap(Self.storeRead(in:)).first
        // A missing argument (`.blur(` at the end of a file) has no token of its own: the call
        // stands in for it.
        guard let shown = read ?? expressions.first else { return }
        let located = shown.firstPresentToken() != nil ? shown : node
        guard located.firstPresentToken() != nil else { return }
        modifiers.append(
            AnimationModifierUse(
                modifier: String(syntaxText: modifier), argument: source.trimmed(shown), readsStore: read != nil,
                location: locate.node(located)))
    }

    /// Where the value comes from store state, if it does: a member chain rooted at the store
    /// (`viewStore.scale`, `store.state.angle`, `self.store.offset`), alone or in arithmetic
    /// or a ternary branch (`viewStore.center.x - 25`, `isCurrent ? viewStore.rowOpacity : 1`).
    /// A value chosen by business state (`store.isOn ? 1 : 0`) does not count: the store
    /// decides, the View owns the values.
    static func storeRead(in node: RawNode) -> RawNode? {
        switch node.kind {
        case .memberAccessExpr:
            return isStoreChain(node.raw) ? node : nil
        case .subscriptCallExpr:
            // `viewStore.offsets[id]`: one element of a store value.
            guard let subscriptCall = RawSubscriptCallExprSyntax(node.raw) else { return nil }
            return isStoreChain(subscriptCall.calledExpression.raw) ? node : nil
        case .functionCallExpr:
            // `.degrees(viewStore.flipDegree)`, `Angle(degrees: …)`: an angle of the value.
            guard let call = RawFunctionCallExprSyntax(node.raw), isAngle(call.calledExpression.raw),
                let list = node.child(call.arguments), list.children.count == 1, let element = list.children.first,
                let labeled = RawLabeledExprSyntax(element.raw), let inner = element.child(labeled.expression)
            else { return nil }
            return storeRead(in: inner)
        case .tupleExpr:
            guard let tuple = RawTupleExprSyntax(node.raw), let list = node.child(tuple.elements), list.children.count == 1,
                let element = list.children.first, let labeled = RawLabeledExprSyntax(element.raw),
                let inner = element.child(labeled.expression)
            else { return nil }
            return storeRead(in: inner)
        case .sequenceExpr:
            guard let sequence = RawSequenceExprSyntax(node.raw), let list = node.child(sequence.elements) else { return nil }
            let elements = list.children
            // In `condition ? a : b` the operands before `?` only choose; the rest are values.
            let ternary = elements.firstIndex { $0.kind == .unresolvedTernaryExpr }
            for element in ternary.map({ Array(elements[$0...]) }) ?? elements {
                if let then = RawUnresolvedTernaryExprSyntax(element.raw) {
                    if let found = element.child(then.thenExpression).flatMap(storeRead(in:)) { return found }
                } else if let found = storeRead(in: element) {
                    return found
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// `.degrees`, `.radians`, `Angle.degrees`, `Angle` (`Angle(degrees: 90)`).
    private static func isAngle(_ callee: RawSyntax) -> Bool {
        if let member = RawMemberAccessExprSyntax(callee) {
            let base = member.base.flatMap { RawDeclReferenceExprSyntax($0.raw) }?.baseName.tokenText
            return angleUnits.contains(member.declName.baseName.tokenText) && (member.base == nil || base == "Angle")
        }
        return RawDeclReferenceExprSyntax(callee)?.baseName.tokenText == "Angle"
    }

    /// A plain member chain rooted at the store.
    private static func isStoreChain(_ expression: RawSyntax) -> Bool {
        var components = SyntaxPaths.path(of: expression).split(separator: ".").map(String.init)
        if components.first == "self" { components.removeFirst() }
        guard components.count >= 2, let root = components.first else { return false }
        return storeNames.contains(root) && !components.contains { $0.hasSuffix("()") || $0 == "?" }
    }
}
