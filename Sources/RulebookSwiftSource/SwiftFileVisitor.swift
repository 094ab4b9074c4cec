import RulebookCore
import SwiftParser
import SwiftSyntax

/// One walk over a Swift file that records types, their members, extensions, imports and
/// the TCA generics it uses.
final class SwiftFileVisitor: SyntaxVisitor {
    private let path: String
    private let converter: SourceLocationConverter
    private var enclosingTypes: [String] = []
    private(set) var facts = SwiftFileFacts()

    /// Parses `contents` and walks it once.
    static func facts(path: String, contents: String) -> SwiftFileFacts {
        let tree = Parser.parse(source: contents)
        let visitor = SwiftFileVisitor(path: path, tree: tree)
        visitor.walk(tree)
        if tree.hasError {
            visitor.facts.parseProblem = ParseProblemFinder.firstProblem(in: tree, path: path, converter: visitor.converter)
        }
        return visitor.facts
    }

    private init(path: String, tree: SourceFileSyntax) {
        self.path = path
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Types

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(name: node.name, kind: .struct, attributes: node.attributes, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: StructDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(name: node.name, kind: .class, attributes: node.attributes, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: ClassDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(name: node.name, kind: .actor, attributes: node.attributes, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: ActorDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(name: node.name, kind: .enum, attributes: node.attributes, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: EnumDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(name: node.name, kind: .protocol, attributes: node.attributes, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = node.extendedType.trimmedDescription
        if let inheritance = node.inheritanceClause {
            facts.extensionConformances.append((extended, Self.names(of: inheritance)))
        }
        enclosingTypes.append(extended)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { enclosingTypes.removeLast() }

    private func enterType(
        name: TokenSyntax, kind: TypeKind, attributes: AttributeListSyntax,
        inheritance: InheritanceClauseSyntax?, members: MemberBlockSyntax
    ) -> SyntaxVisitorContinueKind {
        let qualified = (enclosingTypes + [name.text]).joined(separator: ".")
        var properties: [PropertyDecl] = []
        var cases: [EnumCaseDecl] = []
        for member in members.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                properties += self.properties(of: variable)
            } else if let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) {
                cases += self.cases(of: caseDecl)
            }
        }
        facts.types.append(
            TypeDecl(
                name: name.text, qualifiedName: qualified, kind: kind,
                conformances: inheritance.map(Self.names(of:)) ?? [],
                attributes: Self.attributeNames(attributes), properties: properties, cases: cases,
                location: location(of: name)))
        enclosingTypes.append(name.text)
        return .visitChildren
    }

    private func properties(of variable: VariableDeclSyntax) -> [PropertyDecl] {
        let isStatic = variable.modifiers.contains { ["static", "class"].contains($0.name.text) }
        let wrappers = Self.attributeNames(variable.attributes)
        return variable.bindings.compactMap { binding in
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else {
                return nil
            }
            let written = binding.typeAnnotation?.type.trimmedDescription
            return PropertyDecl(
                name: identifier.text,
                type: written ?? binding.initializer.flatMap { InferredType.of($0.value) },
                wrappers: wrappers, isStatic: isStatic,
                isComputed: Self.isComputed(binding.accessorBlock),
                location: location(of: identifier))
        }
    }

    private func cases(of caseDecl: EnumCaseDeclSyntax) -> [EnumCaseDecl] {
        caseDecl.elements.map { element in
            let values = element.parameterClause?.parameters.map { parameter in
                AssociatedValue(label: parameter.firstName?.text, type: parameter.type.trimmedDescription)
            } ?? []
            return EnumCaseDecl(name: element.name.text, associatedValues: values, location: location(of: element.name))
        }
    }

    // MARK: Imports and TCA generics

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let module = node.path.first?.name.text { facts.imports.append(module) }
        return .skipChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        recordGenerics(name: node.name.text, clause: node.genericArgumentClause)
        return .visitChildren
    }

    override func visit(_ node: GenericSpecializationExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            recordGenerics(name: name, clause: node.genericArgumentClause)
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if ["WithViewStore", "ViewStore"].contains(node.baseName.text) { facts.usesViewStore = true }
        return .visitChildren
    }

    private func recordGenerics(name: String, clause: GenericArgumentClauseSyntax?) {
        if ["WithViewStore", "ViewStore"].contains(name) { facts.usesViewStore = true }
        guard ["Reducer", "AnyReducer", "Store"].contains(name), let clause else { return }
        facts.reducerGenerics.append(clause.arguments.map { $0.argument.trimmedDescription })
    }

    // MARK: Helpers

    private func location(of token: TokenSyntax) -> RulebookCore.SourceLocation {
        let position = token.startLocation(converter: converter)
        return RulebookCore.SourceLocation(file: path, line: position.line, column: position.column)
    }

    private static func names(of inheritance: InheritanceClauseSyntax) -> [String] {
        inheritance.inheritedTypes.map { $0.type.trimmedDescription }
    }

    private static func attributeNames(_ attributes: AttributeListSyntax) -> [String] {
        attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
    }

    private static func isComputed(_ block: AccessorBlockSyntax?) -> Bool {
        guard let block else { return false }
        switch block.accessors {
        case .getter: return true
        case .accessors(let accessors):
            return accessors.contains { !["willSet", "didSet"].contains($0.accessorSpecifier.text) }
        }
    }
}
