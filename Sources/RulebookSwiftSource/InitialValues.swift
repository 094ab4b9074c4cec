@_spi(RawSyntax) import SwiftSyntax

/// The type of the value a property starts with (``RulebookCore/PropertyDecl/initialValueType``),
/// from its declaration (`= Store(initialState: …) { … }`) or from an `init` that assigns the
/// wrapper's storage itself (`_store = State(wrappedValue: Store(…))`).
enum InitialValues {
    /// The type an initial value `node` builds when it is a call: what ``InferredType`` reads
    /// (`Store(…)` → `Store`, `StoreOf<Feature>(…)` → `StoreOf`), or `written` for `.init(…)`.
    /// A literal or a reference is not built here, so `nil`.
    static func type(of node: RawNode, written: String?, source: SourceText) -> String? {
        guard let call = RawFunctionCallExprSyntax(node.raw) else { return nil }
        if let member = RawMemberAccessExprSyntax(call.calledExpression.raw), member.base == nil {
            return member.declName.baseName.tokenText == "init" ? written : nil
        }
        return InferredType.of(node, source: source)
    }

    /// What the statements of `initializer` (an `init` declaration) start properties with, by
    /// property name: the wrapper's storage (`_store = State(wrappedValue: Store(…))`,
    /// `self._store = StateObject(initialValue: …)`) or the property itself
    /// (`self.store = Store(…)`, which Swift turns into `State(wrappedValue:)` for a wrapper).
    static func assigned(in initializer: RawNode, source: SourceText) -> [String: String] {
        guard let declaration = RawInitializerDeclSyntax(initializer.raw), let bodySyntax = declaration.body,
            let body = initializer.child(bodySyntax), let statements = body.child(bodySyntax.statements)
        else { return [:] }
        var types: [String: String] = [:]
        for statement in statements.children {
            guard let item = RawCodeBlockItemSyntax(statement.raw), let expression = statement.child(item.item),
                let (target, value) = assignment(expression),
                let type = target.isStorage ? wrappedValueType(value, source: source) : self.type(of: value, written: nil, source: source)
            else { continue }
            types[target.name] = type
        }
        return types
    }

    /// A property an assignment sets: its name, and whether it is the wrapper's storage (`_store`).
    private struct Target {
        let name: String
        let isStorage: Bool
    }

    /// The property and the value of `_store = value`, `self._store = value`, `store = value`
    /// or `self.store = value`.
    private static func assignment(_ node: RawNode) -> (Target, RawNode)? {
        guard let sequence = RawSequenceExprSyntax(node.raw), let list = node.child(sequence.elements) else { return nil }
        let elements = list.children
        guard elements.count == 3, elements[1].kind == .assignmentExpr, let target = target(elements[0].raw) else { return nil }
        return (target, elements[2])
    }

    /// `store` (storage) for `_store` or `self._store`; `store` for `store` or `self.store`.
    private static func target(_ expression: RawSyntax) -> Target? {
        var reference = RawDeclReferenceExprSyntax(expression)
        if let member = RawMemberAccessExprSyntax(expression) {
            guard let base = member.base, RawDeclReferenceExprSyntax(base.raw)?.baseName.tokenText == "self" else { return nil }
            reference = member.declName
        }
        guard let name = reference.map({ String(syntaxText: $0.baseName.tokenText) }), !name.isEmpty, name != "_" else { return nil }
        return name.hasPrefix("_") ? Target(name: String(name.dropFirst()), isStorage: true) : Target(name: name, isStorage: false)
    }

    /// The type `Wrapper(wrappedValue: value)` (or `initialValue:`) starts its property with.
    private static func wrappedValueType(_ node: RawNode, source: SourceText) -> String? {
        guard let call = RawFunctionCallExprSyntax(node.raw), let arguments = node.child(call.arguments),
            let first = arguments.children.first, let argument = RawLabeledExprSyntax(first.raw),
            let label = argument.label?.tokenText, label == "wrappedValue" || label == "initialValue",
            let value = first.child(argument.expression)
        else { return nil }
        return type(of: value, written: nil, source: source)
    }
}
