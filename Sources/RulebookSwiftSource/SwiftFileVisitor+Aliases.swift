import RulebookCore
@_spi(RawSyntax) import SwiftSyntax

/// Type aliases: what a name stands for is what the walk must read, not how it is spelled.
extension SwiftFileVisitor {

    /// `typealias Action = PayLoginAction` inside a type: the feature's role played by a type
    /// declared beside it. Only a plain name (`X`, `Feature.State`) is kept; a generic or a
    /// function type names no role.
    mutating func visitTypeAlias() {
        let alias = current(TypeAliasDeclSyntax.self)
        let value = alias.initializer.value
        let scopeName = typeScope
        guard Self.isPlainName(value), !scopeName.isEmpty else { return }
        facts.typeAliases["\(scopeName).\(alias.name.text)"] = source.trimmed(value)
    }

    /// `X` or `A.B` with no generic arguments.
    private static func isPlainName(_ type: TypeSyntax) -> Bool {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.genericArgumentClause == nil }
        if let member = type.as(MemberTypeSyntax.self) { return member.genericArgumentClause == nil && isPlainName(member.baseType) }
        return false
    }

    /// The file's aliases of a reducer type (`typealias ForgetReducer = Reducer<ForgetState,
    /// ForgetAction, ForgetEnvironment>`), declared at its top level or in an `#if` there, with
    /// the types their arguments name: `ForgetReducer { state, action, environment in … }` builds
    /// a reducer as `Reducer<…> { … }` does, wherever in the file the alias is declared.
    static func fileReducerAliases(in tree: SourceFileSyntax, source: SourceText) -> [String: ReducerTypes] {
        var aliases: [String: ReducerTypes] = [:]
        func visit(_ items: CodeBlockItemListSyntax) {
            for item in items {
                if let alias = item.item.as(TypeAliasDeclSyntax.self),
                    let type = alias.initializer.value.as(IdentifierTypeSyntax.self),
                    reducerBuilders.contains(type.name.rawText)
                {
                    aliases[alias.name.text] = ReducerTypes(
                        arguments: type.genericArgumentClause?.arguments.map { source.trimmed($0.argument) } ?? [])
                } else if let conditional = item.item.as(IfConfigDeclSyntax.self) {
                    for clause in conditional.clauses {
                        if case .statements(let statements)? = clause.elements { visit(statements) }
                    }
                }
            }
        }
        visit(tree.statements)
        return aliases
    }
}
