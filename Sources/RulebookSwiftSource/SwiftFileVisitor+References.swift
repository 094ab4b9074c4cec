import RulebookCore
@_spi(RawSyntax) import SwiftSyntax

/// The walk's imports, type references, TCA generics and Liquid Glass uses.
extension SwiftFileVisitor {

    /// An import is not a type reference or reducer; inside a reducer body its attributes'
    /// calls are sites, and inside a view its nodes are the view's.
    mutating func visitImport() {
        let modulePath = current(ImportDeclSyntax.self).path
        if let module = modulePath.first?.name {
            // The whole path: `SwiftUI`, or `SwiftUI.Color` in `import struct SwiftUI.Color`.
            facts.file.imports.append(ImportDecl(module: module.text, location: locate.node(modulePath)))
        }
        guard bodies.isInside || !activeViews.isEmpty else { return }
        insideImport = true
        walkChildren()
        insideImport = false
    }

    // Names below are compared as bytes: no other text is canonically equivalent to them
    // (only the Kelvin sign is equivalent to an ASCII letter, `K`, which none of them holds).

    mutating func visitIdentifierType(_ node: RawNode) {
        guard let type = RawIdentifierTypeSyntax(node.raw) else { return }
        let name = type.name.tokenText
        if type.genericArgumentClause != nil, Self.isGenericTCAType(name) {
            recordGenerics(current(IdentifierTypeSyntax.self).genericArgumentClause)
        }
        if name == "WithViewStore" || name == "ViewStore" { facts.usesViewStore = true }
        if let token = node.child(type.name) { recordReference(token) }
    }

    mutating func visitGenericSpecialization(_ node: RawNode) {
        guard let specialization = RawGenericSpecializationExprSyntax(node.raw),
            let name = RawDeclReferenceExprSyntax(specialization.expression.raw)?.baseName.tokenText
        else { return }
        if name == "WithViewStore" || name == "ViewStore" { facts.usesViewStore = true }
        if Self.isGenericTCAType(name) { recordGenerics(current(GenericSpecializationExprSyntax.self).genericArgumentClause) }
    }

    mutating func visitReference(_ node: RawNode) {
        guard let reference = RawDeclReferenceExprSyntax(node.raw) else { return }
        let name = reference.baseName.tokenText
        // Every name below starts with an uppercase letter.
        guard SyntaxPaths.startsUppercase(name) else { return }
        if name == "WithViewStore" || name == "ViewStore" { facts.usesViewStore = true }
        if name == "GlassEffectContainer" || name == "GlassButtonStyle" || name == "GlassProminentButtonStyle" {
            let syntax = current(DeclReferenceExprSyntax.self)
            recordGlass(syntax.baseName.text, token: syntax.baseName, node: syntax)
        }
        if let token = node.child(reference.baseName) { recordReference(token) }
    }

    mutating func visitMemberAccess(_ node: RawNode) {
        bodies.visitMemberAccess(atEndOf: frames, locate: locate)
        guard let member = RawMemberAccessExprSyntax(node.raw) else { return }
        let name = member.declName.baseName.tokenText
        let isEffect = name.hasPrefix("glassEffect") && Self.glassEffectModifiers.contains(String(syntaxText: name))
        guard isEffect || ((name == "glass" || name == "glassProminent") && member.base == nil) else { return }
        let syntax = current(MemberAccessExprSyntax.self)
        if isEffect ? Self.isModifierCall(syntax) : Self.isButtonStyle(syntax) {
            recordGlass(syntax.declName.baseName.text, token: syntax.declName.baseName, node: syntax)
        }
    }

    /// SwiftUI's Liquid Glass effect modifiers (iOS 26). An app's own `glassEffectIfAvailable()`
    /// is not one of them.
    static let glassEffectModifiers: Set<String> = ["glassEffect", "glassEffectID", "glassEffectUnion", "glassEffectTransition"]

    /// Whether a member is called as a view modifier: `view.glassEffect(…)`, on a value (a view,
    /// the previous modifier's result). An app's own value of that name is not one: an enum
    /// case (`case .glassEffect:`, `.background(.glassEffect)`) or a static member of a type
    /// (`ColorResource.Background.glassEffect.color`).
    static func isModifierCall(_ member: MemberAccessExprSyntax) -> Bool {
        guard let base = member.base, let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id
        else { return false }
        return !isTypePath(base)
    }

    /// `Color`, `ColorResource.Background`: names of types, no value in between.
    private static func isTypePath(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text.first?.isUppercase == true }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return member.declName.baseName.text.first?.isUppercase == true && isTypePath(base)
        }
        return false
    }

    /// `.glass` / `.glass(.clear)` passed to `.buttonStyle(…)`; elsewhere `.glass` may be an
    /// app's own style (`.foregroundStyle(.glass)`).
    static func isButtonStyle(_ member: MemberAccessExprSyntax) -> Bool {
        var argument = Syntax(member)
        if let call = argument.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id {
            argument = Syntax(call)
        }
        guard argument.parent?.is(LabeledExprSyntax.self) == true,
            let call = argument.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
        else { return false }
        return SyntaxPaths.lastComponent(SyntaxPaths.path(of: call.calledExpression)) == "buttonStyle"
    }

    /// `Reducer<S, A, E>`, `AnyReducer<S, A, E>`, `Reduce<S, A>`, `Store<S, A>`: their generic
    /// arguments name a feature's types (a test's `Reduce<State, Action> { }` names the
    /// `State` and `Action` its function declares).
    static func isGenericTCAType(_ name: SyntaxText) -> Bool {
        name == "Reducer" || name == "AnyReducer" || name == "Reduce" || name == "Store"
    }

    mutating func recordGenerics(_ clause: GenericArgumentClauseSyntax?) {
        guard let clause else { return }
        facts.reducerGenerics.append(
            ReducerGenerics(arguments: clause.arguments.map { source.trimmed($0.argument) }, scope: typeScope))
    }

    /// Records the first reference to each name (`token`, a name token): seen bytes are
    /// skipped without making a `String`; new bytes are a new name unless their text equals
    /// a recorded one.
    mutating func recordReference(_ token: RawNode) {
        guard let text = token.raw.tokenView?.rawText, referencedBytes.insert(text).inserted else { return }
        let name = String(syntaxText: text)
        guard referencedTypes.insert(name).inserted else { return }
        facts.file.typeReferences.append(TypeReference(name: name, location: locate.token(token)))
    }

    mutating func recordGlass(_ api: String, token: TokenSyntax, node: some SyntaxProtocol) {
        facts.file.glassUses.append(GlassUse(api: api, isAvailabilityGuarded: Availability.isGuarded(node), location: locate.token(token)))
    }
}
