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
    ) -> Members {
        var members = Members()
        guard let memberBlock = RawMemberBlockSyntax(block.raw), let list = block.child(memberBlock.members) else { return members }
        read(list, isSetupCode: isSetupCode, syntax: { syntax().members }, into: &members)
        for (index, property) in members.properties.enumerated() where property.initialValueType == nil {
            if let type = members.initAssigned[property.name] { members.properties[index] = property.withInitialValueType(type) }
        }
        return members
    }

    /// What a type's members declare.
    struct Members {
        var properties: [PropertyDecl] = []
        var methods: [MethodDecl] = []
        var cases: [EnumCaseDecl] = []
        /// Stored properties whose type is that of the static member their initializer reads
        /// (`var offset = Self.hiddenOffset`), by property name: the member's written type,
        /// if the type declares it, is theirs (``SwiftFeatureParser``).
        var staticReads: [String: StaticRead] = [:]
        /// The types an `init` starts properties with, by property name: a property whose
        /// declaration gives it no initial value starts with it (``InitialValues/assigned(in:source:)``).
        var initAssigned: [String: String] = [:]
    }

    /// Reads the members of `list` (a member list), and those of every clause of an `#if` in
    /// it (`#if DEBUG @Dependency(\.logger) var logger #endif`): a member is the type's
    /// whichever build configuration compiles it. `syntax` materialises the list.
    private func read(_ list: RawNode, isSetupCode: Bool, syntax: () -> MemberBlockItemListSyntax?, into members: inout Members) {
        for (index, item) in list.children.enumerated() {
            guard let member = RawMemberBlockItemSyntax(item.raw), let decl = item.child(member.decl) else { continue }
            func declaration() -> DeclSyntax? { Self.member(index, of: syntax()) }
            switch decl.kind {
            case .variableDecl:
                members.properties += properties(of: decl, isSetupCode: isSetupCode) { declaration()?.as(VariableDeclSyntax.self) }
                for (name, read) in staticReads(of: decl) { members.staticReads[name] = read }
            case .functionDecl:
                if let method = method(of: decl, isSetupCode: isSetupCode, syntax: { declaration()?.as(FunctionDeclSyntax.self) }) {
                    members.methods.append(method)
                }
            case .enumCaseDecl:
                members.cases += cases(of: decl)
            case .initializerDecl:
                members.initAssigned.merge(InitialValues.assigned(in: decl, source: source)) { first, _ in first }
            case .ifConfigDecl:
                let clauses = decl.children.first { $0.kind == .ifConfigClauseList }?.children ?? []
                let unconditional = members.cases.count
                for (clauseIndex, clause) in clauses.enumerated() {
                    guard let elements = clause.children.first(where: { $0.kind == .memberBlockItemList }) else { continue }
                    func clauseSyntax() -> MemberBlockItemListSyntax? { Self.clauseMembers(clauseIndex, of: declaration()) }
                    read(elements, isSetupCode: isSetupCode, syntax: clauseSyntax, into: &members)
                }
                for index in unconditional..<members.cases.count { members.cases[index].isConditional = true }
            default:
                break
            }
        }
    }

    /// The members of the clause at `index` of an `#if` declaration.
    private static func clauseMembers(_ index: Int, of declaration: DeclSyntax?) -> MemberBlockItemListSyntax? {
        guard let clauses = declaration?.as(IfConfigDeclSyntax.self)?.clauses, index < clauses.count else { return nil }
        if case .decls(let list) = clauses[clauses.index(clauses.startIndex, offsetBy: index)].elements { return list }
        return nil
    }

    /// The `@Dependency` properties a local variable declaration `node` declares
    /// (`@Dependency(\.toast) var toast` in a function body).
    func localDependencies(in node: RawNode) -> [PropertyDecl] {
        guard let variable = RawVariableDeclSyntax(node.raw), !variable.attributes.layoutView.children.isEmpty else { return [] }
        return properties(of: node, isSetupCode: false) { nil }.filter { $0.dependencyKey != nil }
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
            let initialValue = binding.initializer.flatMap { initializer in element.child(initializer)?.child(initializer.value) }
            // The type a call builds is also the property's when none is written: read it once.
            let built = initialValue.flatMap { InitialValues.type(of: $0, written: written, source: source) }
            let isCall = initialValue?.kind == .functionCallExpr
            let schedulers =
                isStatic || isSetupCode
                ? syntax().map { Array($0.bindings)[index] }.map {
                    MainSchedulerFinder.uses(in: $0, locate: locate, inMockEnvironmentsOnly: isSetupCode)
                } ?? [] : []
            properties.append(
                PropertyDecl(
                    name: String(syntaxText: pattern.identifier.tokenText),
                    type: written ?? (isCall ? built : initialValue.flatMap { InferredType.of($0, source: source) }),
                    wrappers: wrappers, isStatic: isStatic, isComputed: Self.isComputed(binding.accessorBlock),
                    isConstant: variable.bindingSpecifier.tokenText == "let",
                    location: locate.token(identifier), dependencyKey: dependencyKey, mainSchedulerUses: schedulers,
                    initialValueType: built))
        }
        return properties
    }

    /// The stored properties of `node` (a variable declaration) without a written type whose
    /// initializer reads a static member: `Self.hiddenOffset`, `Layout.spacing`.
    private func staticReads(of node: RawNode) -> [(String, StaticRead)] {
        guard let variable = RawVariableDeclSyntax(node.raw), let bindings = node.child(variable.bindings) else { return [] }
        return bindings.children.compactMap { element in
            guard let binding = RawPatternBindingSyntax(element.raw), binding.typeAnnotation == nil,
                let pattern = RawIdentifierPatternSyntax(binding.pattern.raw), let initializer = binding.initializer,
                let member = RawMemberAccessExprSyntax(initializer.value.raw), let base = member.base,
                let baseName = SyntaxPaths.singleName(of: base.raw), SyntaxPaths.startsUppercase(baseName)
            else { return nil }
            return (String(syntaxText: pattern.identifier.tokenText),
                    StaticRead(base: String(syntaxText: baseName), member: String(syntaxText: member.declName.baseName.tokenText)))
        }
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

    /// The member at `index` of a member list.
    private static func member(_ index: Int, of members: MemberBlockItemListSyntax?) -> DeclSyntax? {
        guard let members, index < members.count else { return nil }
        return members[members.index(members.startIndex, offsetBy: index)].decl
    }
}
