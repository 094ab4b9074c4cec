import RulebookCore
@_spi(RawSyntax) import SwiftSyntax

/// Reads what a member block declares (stored and computed properties, methods, enum cases)
/// from the raw tree. Only static members are materialised as `Syntax` nodes: their
/// initializers and bodies are searched for main-queue schedulers by ``MainSchedulerFinder``.
struct MemberReader {
    let source: SourceText
    let locate: Locator

    /// What the members of `block` (a member block) declare; `syntax` materialises the block.
    /// `isSetupCode`: the type is a preview or a test case, whose members (static or not) are
    /// searched for `.main` schedulers passed to mock environments.
    func members(
        of block: RawNode, isSetupCode: Bool = false, syntax: () -> MemberBlockSyntax
    ) -> (properties: [PropertyDecl], methods: [MethodDecl], cases: [EnumCaseDecl]) {
        var properties: [PropertyDecl] = []
        var methods: [MethodDecl] = []
        var cases: [EnumCaseDecl] = []
        guard let memberBlock = RawMemberBlockSyntax(block.raw), let list = block.child(memberBlock.members) else {
            return (properties, methods, cases)
        }
        for (index, item) in list.children.enumerated() {
            guard let member = RawMemberBlockItemSyntax(item.raw), let decl = item.child(member.decl) else { continue }
            switch decl.kind {
            case .variableDecl:
                properties += self.properties(of: decl, isSetupCode: isSetupCode) {
                    Self.member(index, of: syntax())?.as(VariableDeclSyntax.self)
                }
            case .functionDecl:
                if let method = method(of: decl, isSetupCode: isSetupCode, syntax: { Self.member(index, of: syntax())?.as(FunctionDeclSyntax.self) }) {
                    methods.append(method)
                }
            case .enumCaseDecl:
                cases += self.cases(of: decl)
            default:
                break
            }
        }
        return (properties, methods, cases)
    }

    /// The names of the attributes in `list` (an attribute list), as written.
    func attributeNames(_ list: RawNode) -> [String] {
        list.children.compactMap { element in
            guard let attribute = RawAttributeSyntax(element.raw), let name = element.child(attribute.attributeName) else {
                return nil
            }
            return source.trimmed(name)
        }
    }

    /// Whether `static` or `class` is among the modifiers in `list` (a modifier list).
    static func isStatic(_ list: RawDeclModifierListSyntax) -> Bool {
        list.layoutView.children.contains { modifier in
            guard let name = modifier.flatMap(RawDeclModifierSyntax.init)?.name.tokenText else { return false }
            return name == "static" || name == "class"
        }
    }

    // MARK: Members

    private func properties(of node: RawNode, isSetupCode: Bool, syntax: () -> VariableDeclSyntax?) -> [PropertyDecl] {
        guard let variable = RawVariableDeclSyntax(node.raw), let bindings = node.child(variable.bindings) else { return [] }
        let isStatic = Self.isStatic(variable.modifiers)
        let attributes = variable.attributes.layoutView.children.isEmpty ? nil : node.child(variable.attributes)
        let wrappers = attributes.map(attributeNames) ?? []
        let dependencyKey = attributes.flatMap(self.dependencyKey)
        var properties: [PropertyDecl] = []
        for (index, element) in bindings.children.enumerated() {
            guard let binding = RawPatternBindingSyntax(element.raw), let pattern = RawIdentifierPatternSyntax(binding.pattern.raw),
                let identifier = element.child(binding.pattern)?.child(pattern.identifier)
            else { continue }
            let written = binding.typeAnnotation.flatMap { annotation in
                element.child(annotation)?.child(annotation.type).map(source.trimmed)
            }
            let schedulers =
                isStatic || isSetupCode
                ? syntax().map { Array($0.bindings)[index] }.map {
                    MainSchedulerFinder.uses(in: $0, locate: locate, inMockEnvironmentsOnly: isSetupCode)
                } ?? [] : []
            properties.append(
                PropertyDecl(
                    name: String(syntaxText: pattern.identifier.tokenText),
                    type: written ?? binding.initializer.flatMap { initializer in
                        element.child(initializer)?.child(initializer.value).flatMap { InferredType.of($0, source: source) }
                    },
                    wrappers: wrappers, isStatic: isStatic, isComputed: Self.isComputed(binding.accessorBlock),
                    location: locate.token(identifier), dependencyKey: dependencyKey, mainSchedulerUses: schedulers))
        }
        return properties
    }

    private func method(of node: RawNode, isSetupCode: Bool, syntax: () -> FunctionDeclSyntax?) -> MethodDecl? {
        guard let function = RawFunctionDeclSyntax(node.raw), let name = node.child(function.name) else { return nil }
        let isStatic = Self.isStatic(function.modifiers)
        let clause = node.child(function.signature).flatMap { $0.child(function.signature.parameterClause) }
        let parameters = clause.flatMap { $0.child(function.signature.parameterClause.parameters) }
        let hasInout = parameters?.children.contains { element in
            guard let parameter = RawFunctionParameterSyntax(element.raw), let type = element.child(parameter.type) else {
                return false
            }
            return source.trimmed(type).hasPrefix("inout ")
        } ?? false
        return MethodDecl(
            name: String(syntaxText: function.name.tokenText), isStatic: isStatic, hasInoutParameter: hasInout,
            location: locate.token(name),
            mainSchedulerUses: isStatic || isSetupCode
                ? syntax().map { MainSchedulerFinder.uses(in: $0, locate: locate, inMockEnvironmentsOnly: isSetupCode) } ?? [] : [])
    }

    private func cases(of node: RawNode) -> [EnumCaseDecl] {
        guard let caseDecl = RawEnumCaseDeclSyntax(node.raw), let elements = node.child(caseDecl.elements) else { return [] }
        return elements.children.compactMap { element in
            guard let caseElement = RawEnumCaseElementSyntax(element.raw), let name = element.child(caseElement.name) else {
                return nil
            }
            var values: [AssociatedValue] = []
            if let clause = caseElement.parameterClause, let parameters = element.child(clause)?.child(clause.parameters) {
                for parameter in parameters.children {
                    guard let value = RawEnumCaseParameterSyntax(parameter.raw), let type = parameter.child(value.type) else {
                        continue
                    }
                    values.append(
                        AssociatedValue(label: value.firstName.map { String(syntaxText: $0.tokenText) }, type: source.trimmed(type)))
                }
            }
            // The name and its associated values (`loaded(Data)`), not a raw value or comma.
            let end = caseElement.parameterClause.flatMap { element.child($0)?.presentTextEnd() } ?? name.tokenTextEnd
            return EnumCaseDecl(
                name: String(syntaxText: caseElement.name.tokenText), associatedValues: values,
                location: locate(from: name.tokenTextOffset, to: end))
        }
    }

    /// `analytics` for `@Dependency(\.analytics)`, `APIClient` for `@Dependency(APIClient.self)`.
    private func dependencyKey(_ list: RawNode) -> String? {
        for element in list.children {
            guard let attribute = RawAttributeSyntax(element.raw), let name = element.child(attribute.attributeName),
                source.trimmed(name) == "Dependency", let arguments = attribute.arguments.flatMap(RawLabeledExprListSyntax.init),
                let argumentsNode = element.child(arguments), let first = argumentsNode.children.first,
                let labeled = RawLabeledExprSyntax(first.raw), let expression = first.child(labeled.expression)
            else { continue }
            var key = source.trimmed(expression)
            if key.hasPrefix("\\.") { key.removeFirst(2) }
            if key.hasSuffix(".self") { key.removeLast(5) }
            return key
        }
        return nil
    }

    private static func isComputed(_ block: RawAccessorBlockSyntax?) -> Bool {
        guard let accessors = block?.accessors else { return false }
        guard let list = RawAccessorDeclListSyntax(accessors) else { return true }  // a getter's statements
        return list.layoutView.children.contains { accessor in
            guard let specifier = accessor.flatMap(RawAccessorDeclSyntax.init)?.accessorSpecifier.tokenText else { return false }
            return specifier != "willSet" && specifier != "didSet"
        }
    }

    /// The member at `index` of a member block.
    private static func member(_ index: Int, of block: MemberBlockSyntax) -> DeclSyntax? {
        let members = block.members
        guard index < members.count else { return nil }
        return members[members.index(members.startIndex, offsetBy: index)].decl
    }
}
