import RulebookCore
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// One walk over a Swift file that records types with their members, extensions, imports,
/// type references, Liquid Glass uses, reducer bodies and views.
final class SwiftFileVisitor: SyntaxVisitor {
    /// Callees whose closures are reducer bodies (compared as bytes: no other text is
    /// canonically equivalent to these ASCII names).
    static let reducerBuilders: Set<SyntaxText> = ["Reducer", "AnyReducer", "Reduce"]

    private let path: String
    private let lines: SourceLines
    private let source: SourceText
    private var enclosingTypes: [(name: String, isReducer: Bool)] = []
    /// Names recorded as type references: their bytes, and their text for names that other
    /// bytes could spell (canonically equivalent non-ASCII text).
    private var referencedBytes: Set<SyntaxText> = []
    private var referencedTypes: Set<String> = []
    private var reducerCalls: Set<SyntaxIdentifier> = []
    private var bodies = ReducerBodies()
    private(set) var facts: SwiftFileFacts

    /// Parses `contents` and walks it once.
    static func facts(path: String, contents: String) -> SwiftFileFacts {
        let tree = Parser.parse(source: contents)
        let visitor = SwiftFileVisitor(
            path: path, source: SourceText(contents: contents, tree: tree), lines: SourceLines(contents: contents, tree: tree))
        visitor.walk(tree)
        if tree.hasError {
            visitor.facts.parseProblem = ParseProblemFinder.firstProblem(in: tree, path: path, lines: visitor.lines)
        }
        return visitor.facts
    }

    private init(path: String, source: SourceText, lines: SourceLines) {
        self.path = path
        self.source = source
        self.lines = lines
        self.facts = SwiftFileFacts(file: FileFacts(path: path))
        super.init(viewMode: .sourceAccurate)
    }

    private lazy var locate: Locator = { [path, lines] token in
        let position = lines.lineAndColumn(at: token.positionAfterSkippingLeadingTrivia.utf8Offset)
        return Location(file: path, line: position.line, column: position.column)
    }

    // MARK: Types

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node, name: node.name, kind: .struct, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: StructDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node, name: node.name, kind: .class, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: ClassDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node, name: node.name, kind: .actor, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: ActorDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node, name: node.name, kind: .enum, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: EnumDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node, name: node.name, kind: .protocol, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = source.trimmed(node.extendedType)
        let members = self.members(of: node.memberBlock)
        facts.extensions.append(
            ExtensionFacts(
                extendedType: extended, conformances: node.inheritanceClause.map(names(of:)) ?? [],
                properties: members.properties, methods: members.methods))
        let isReducer = attributeNames(node.attributes).contains("Reducer")
            || (node.inheritanceClause.map(names(of:)) ?? []).contains { ["Reducer", "ReducerProtocol"].contains($0) }
        enclosingTypes.append((extended, isReducer))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { enclosingTypes.removeLast() }

    private func enterType(
        _ node: some DeclSyntaxProtocol & WithAttributesSyntax & WithModifiersSyntax, name: TokenSyntax, kind: TypeKind,
        inheritance: InheritanceClauseSyntax?, members block: MemberBlockSyntax
    ) -> SyntaxVisitorContinueKind {
        let qualified = (enclosingTypes.map(\.name) + [name.text]).joined(separator: ".")
        let members = self.members(of: block)
        let conformances = inheritance.map(names(of:)) ?? []
        let attributes = attributeNames(node.attributes)
        let type = TypeDecl(
            name: name.text, qualifiedName: qualified, kind: kind, conformances: conformances,
            attributes: attributes, properties: members.properties, cases: members.cases, methods: members.methods,
            accessLevel: Self.accessLevel(node.modifiers), location: locate(name))
        facts.types.append(type)
        if enclosingTypes.isEmpty { facts.file.topLevelTypes.append(qualified) }
        if conformances.contains(where: { TypeName.unqualified($0) == "View" }) {
            collectView(type, members: block)
        }
        let isReducer = attributes.contains("Reducer")
            || conformances.contains { ["Reducer", "ReducerProtocol"].contains(TypeName.unqualified($0)) }
        enclosingTypes.append((name.text, isReducer))
        return .visitChildren
    }

    private func members(of block: MemberBlockSyntax) -> (properties: [PropertyDecl], methods: [MethodDecl], cases: [EnumCaseDecl]) {
        var properties: [PropertyDecl] = []
        var methods: [MethodDecl] = []
        var cases: [EnumCaseDecl] = []
        for member in block.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                properties += self.properties(of: variable)
            } else if let function = member.decl.as(FunctionDeclSyntax.self) {
                methods.append(method(of: function))
            } else if let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) {
                cases += self.cases(of: caseDecl)
            }
        }
        return (properties, methods, cases)
    }

    private func properties(of variable: VariableDeclSyntax) -> [PropertyDecl] {
        let isStatic = Self.isStatic(variable.modifiers)
        let attributes = variable.attributes
        let wrappers = attributes.isEmpty ? [] : attributeNames(attributes)
        let dependencyKey = attributes.isEmpty ? nil : self.dependencyKey(attributes)
        return variable.bindings.compactMap { binding in
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else {
                return nil
            }
            let written = binding.typeAnnotation.map { source.trimmed($0.type) }
            let schedulers = isStatic ? MainSchedulerFinder.uses(in: binding, locate: locate) : []
            return PropertyDecl(
                name: identifier.text,
                type: written ?? binding.initializer.flatMap { InferredType.of($0.value) },
                wrappers: wrappers, isStatic: isStatic,
                isComputed: Self.isComputed(binding.accessorBlock),
                location: locate(identifier), dependencyKey: dependencyKey, mainSchedulerUses: schedulers)
        }
    }

    private func method(of function: FunctionDeclSyntax) -> MethodDecl {
        let isStatic = Self.isStatic(function.modifiers)
        let hasInout = function.signature.parameterClause.parameters.contains {
            source.trimmed($0.type).hasPrefix("inout ")
        }
        return MethodDecl(
            name: function.name.text, isStatic: isStatic, hasInoutParameter: hasInout, location: locate(function.name),
            mainSchedulerUses: isStatic ? MainSchedulerFinder.uses(in: function, locate: locate) : [])
    }

    private func cases(of caseDecl: EnumCaseDeclSyntax) -> [EnumCaseDecl] {
        caseDecl.elements.map { element in
            let values = element.parameterClause?.parameters.map { parameter in
                AssociatedValue(label: parameter.firstName?.text, type: source.trimmed(parameter.type))
            } ?? []
            return EnumCaseDecl(name: element.name.text, associatedValues: values, location: locate(element.name))
        }
    }

    private func collectView(_ type: TypeDecl, members: MemberBlockSyntax) {
        let collector = ViewCollector.collect(members, locate: locate)
        let holdsStore = type.storedProperties.contains { property in
            guard let written = property.type else { return false }
            return ["Store", "StoreOf"].contains(TypeName.unqualified(TypeName.base(written)))
        }
        let observes = collector.observesViewStore || type.properties.contains { $0.wrappers.contains("ObservedObject") && $0.name == "viewStore" }
        facts.views.append(
            ViewFacts(
                name: type.qualifiedName, holdsStore: holdsStore, observesViewStore: observes,
                forwardsStore: collector.forwardsStore,
                animationModifiers: collector.modifiers.sorted { $0.location < $1.location }, location: type.location))
    }

    // MARK: Reducer bodies

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // Calls inside a closure reducer are only sites of its body: no reducers found there.
        if bodies.isInside { bodies.visit(node, path: SyntaxPaths.path(of: node.calledExpression), locate: locate) }
        guard reducerCalls.isEmpty, let callee = SyntaxPaths.singleName(of: node.calledExpression),
            Self.reducerBuilders.contains(callee)
        else { return .visitChildren }
        reducerCalls.insert(node.id)
        for closure in SyntaxPaths.closures(of: node) {
            let parameters = SyntaxPaths.parameterNames(of: closure)
            let actionName = parameters.count >= 2 ? parameters[1] : "action"
            addReducer(
                body: closure.statements, actionName: actionName, actionType: actionType(of: node), at: node,
                environmentName: parameters.count >= 3 ? parameters[2] : nil)
        }
        return .visitChildren
    }

    override func visitPost(_ node: FunctionCallExprSyntax) {
        bodies.visitPost(node)
        if !reducerCalls.isEmpty { reducerCalls.remove(node.id) }
    }

    override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        bodies.enter(node)
        return .visitChildren
    }

    override func visitPost(_ node: CodeBlockItemListSyntax) {
        guard let body = bodies.leave(node) else { return }
        facts.reducers[body.reducerIndex].facts.sites = body.sortedSites
        facts.reducers[body.reducerIndex].facts.switches = body.switches
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        bodies.visit(node)
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) {
        bodies.visitPost(node)
    }

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        bodies.visit(node, locate: locate)
        return .visitChildren
    }

    override func visitPost(_ node: AwaitExprSyntax) {
        bodies.visitPost(node)
    }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        bodies.visit(node, locate: locate)
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard reducerCalls.isEmpty, let body = node.body else { return .visitChildren }
        let parameters = node.signature.parameterClause.parameters
        let isReduceInto = node.name.text == "reduce" && parameters.first?.firstName.text == "into"
        let isHelper = (enclosingTypes.last?.isReducer ?? false) && parameters.contains { source.trimmed($0.type).hasPrefix("inout ") }
        guard isReduceInto || isHelper else { return .visitChildren }
        let actionParameter = parameters.first { $0.firstName.text == "action" }
        let actionName = actionParameter.map { ($0.secondName ?? $0.firstName).text } ?? "action"
        addReducer(
            body: body.statements, actionName: actionName, actionType: actionParameter.map { source.trimmed($0.type) }, at: node,
            environmentName: nil)
        return .visitChildren
    }

    /// The Action argument of `Reducer<S, A, E> { }`, or of the variable's written type in
    /// `let reducer: Reducer<S, A, E> = Reducer { }`.
    private func actionType(of call: FunctionCallExprSyntax) -> String? {
        if let specialization = call.calledExpression.as(GenericSpecializationExprSyntax.self) {
            let arguments = specialization.genericArgumentClause.arguments
            return arguments.count >= 2 ? source.trimmed(arguments[arguments.index(after: arguments.startIndex)].argument) : nil
        }
        guard let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let written = binding.typeAnnotation?.type.as(IdentifierTypeSyntax.self),
            let arguments = written.genericArgumentClause?.arguments, arguments.count >= 2
        else { return nil }
        return source.trimmed(arguments[arguments.index(after: arguments.startIndex)].argument)
    }

    private func addReducer(
        body: CodeBlockItemListSyntax, actionName: String, actionType: String?, at node: some SyntaxProtocol,
        environmentName: String?
    ) {
        bodies.register(body, actionName: actionName, reducerIndex: facts.reducers.count)
        let owner = enclosingTypes.isEmpty ? Self.variableName(around: node) : enclosingTypes.map(\.name).joined(separator: ".")
        facts.reducers.append(
            ReducerScope(
                facts: ReducerFacts(
                    owner: owner, actionType: actionType, location: locate(node.firstToken(viewMode: .sourceAccurate)!)),
                environmentName: environmentName))
    }

    private static func variableName(around node: some SyntaxProtocol) -> String? {
        var current = node.parent
        while let parent = current {
            if let binding = parent.as(PatternBindingSyntax.self) {
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            current = parent.parent
        }
        return nil
    }

    // MARK: Imports, references, TCA generics, glass

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let module = node.path.first?.name {
            facts.file.imports.append(ImportDecl(module: module.text, location: locate(module)))
        }
        // Not a type reference or reducer; inside a reducer body its attributes' calls are sites.
        if bodies.isInside { bodies = ReducerBodyFeeder.feed(node, to: bodies, locate: locate) }
        return .skipChildren
    }

    // Names below are compared as bytes: no other text is canonically equivalent to them
    // (only the Kelvin sign is equivalent to an ASCII letter, `K`, which none of them holds).

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name
        recordGenerics(name: name.rawText, clause: node.genericArgumentClause)
        recordReference(name)
        return .visitChildren
    }

    override func visit(_ node: GenericSpecializationExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.expression.as(DeclReferenceExprSyntax.self)?.baseName.rawText {
            recordGenerics(name: name, clause: node.genericArgumentClause)
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let token = node.baseName
        let name = token.rawText
        // Every name below starts with an uppercase letter.
        guard SyntaxPaths.startsUppercase(name) else { return .visitChildren }
        if name == "WithViewStore" || name == "ViewStore" { facts.usesViewStore = true }
        if name == "GlassEffectContainer" || name == "GlassButtonStyle" || name == "GlassProminentButtonStyle" {
            recordGlass(token.text, token: token, node: node)
        }
        recordReference(token)
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        bodies.visit(node, locate: locate)
        let token = node.declName.baseName
        let name = token.rawText
        if name.hasPrefix("glassEffect") || ((name == "glass" || name == "glassProminent") && node.base == nil && Self.isButtonStyle(node)) {
            recordGlass(token.text, token: token, node: node)
        }
        return .visitChildren
    }

    /// `.glass` / `.glass(.clear)` passed to `.buttonStyle(…)`; elsewhere `.glass` may be an
    /// app's own style (`.foregroundStyle(.glass)`).
    private static func isButtonStyle(_ member: MemberAccessExprSyntax) -> Bool {
        var argument = Syntax(member)
        if let call = argument.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id {
            argument = Syntax(call)
        }
        guard argument.parent?.is(LabeledExprSyntax.self) == true,
            let call = argument.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
        else { return false }
        return SyntaxPaths.lastComponent(SyntaxPaths.path(of: call.calledExpression)) == "buttonStyle"
    }

    private func recordGenerics(name: SyntaxText, clause: GenericArgumentClauseSyntax?) {
        if name == "WithViewStore" || name == "ViewStore" { facts.usesViewStore = true }
        guard name == "Reducer" || name == "AnyReducer" || name == "Store", let clause else { return }
        facts.reducerGenerics.append(clause.arguments.map { source.trimmed($0.argument) })
    }

    /// Records the first reference to each name: seen bytes are skipped without making a
    /// `String`; new bytes are a new name unless their text equals a recorded one.
    private func recordReference(_ token: TokenSyntax) {
        guard referencedBytes.insert(token.rawText).inserted else { return }
        let name = token.text
        guard referencedTypes.insert(name).inserted else { return }
        facts.file.typeReferences.append(TypeReference(name: name, location: locate(token)))
    }

    private func recordGlass(_ api: String, token: TokenSyntax, node: some SyntaxProtocol) {
        facts.file.glassUses.append(GlassUse(api: api, isAvailabilityGuarded: Availability.isGuarded(node), location: locate(token)))
    }

    // MARK: Helpers

    private func names(of inheritance: InheritanceClauseSyntax) -> [String] {
        inheritance.inheritedTypes.map { source.trimmed($0.type) }
    }

    private func attributeNames(_ attributes: AttributeListSyntax) -> [String] {
        attributes.compactMap { $0.as(AttributeSyntax.self).map { source.trimmed($0.attributeName) } }
    }

    /// `analytics` for `@Dependency(\.analytics)`, `APIClient` for `@Dependency(APIClient.self)`.
    private func dependencyKey(_ attributes: AttributeListSyntax) -> String? {
        for element in attributes {
            guard let attribute = element.as(AttributeSyntax.self), source.trimmed(attribute.attributeName) == "Dependency",
                case .argumentList(let arguments) = attribute.arguments, let first = arguments.first
            else { continue }
            var key = source.trimmed(first.expression)
            if key.hasPrefix("\\.") { key.removeFirst(2) }
            if key.hasSuffix(".self") { key.removeLast(5) }
            return key
        }
        return nil
    }

    /// Access-level modifiers (compared as bytes, like the names below).
    private static let accessLevels: Set<SyntaxText> = ["open", "public", "package", "internal", "fileprivate", "private"]

    private static func accessLevel(_ modifiers: DeclModifierListSyntax) -> String? {
        guard !modifiers.isEmpty else { return nil }
        return modifiers.first { accessLevels.contains($0.name.rawText) }?.name.text
    }

    /// Whether `static` or `class` is among the modifiers.
    private static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        guard !modifiers.isEmpty else { return false }
        return modifiers.contains { modifier in
            let name = modifier.name.rawText
            return name == "static" || name == "class"
        }
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
