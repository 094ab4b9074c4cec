import RulebookCore
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// One walk over a Swift file that records types with their members, extensions, imports,
/// type references, Liquid Glass uses, reducer bodies and views.
///
/// The walk goes over the raw tree (``RawNode``): nothing is materialised or reference
/// counted for the many nodes it only looks at (references, member accesses, calls, the
/// sites of reducer bodies). A node is materialised as a `Syntax` node, from its nearest
/// materialised ancestor, only where the typed API is worth it: declarations (types, their
/// members, extensions, imports, reducer functions), reducer calls, glass uses and the
/// generic arguments of `Reducer`/`Store`.
struct SwiftFileVisitor {
    /// Types whose members set features up for previews and tests.
    static let setupTypes: Set<String> = ["PreviewProvider", "XCTestCase"]
    /// Callees whose closures are reducer bodies (compared as bytes: no other text is
    /// canonically equivalent to these ASCII names).
    static let reducerBuilders: Set<SyntaxText> = ["Reducer", "AnyReducer", "Reduce"]
    /// The file's own names for a reducer type (``fileReducerAliases(in:source:)``).
    private var reducerAliases: [String: ReducerTypes] = [:]

    private let path: String
    let source: SourceText
    /// The declarations the walk is inside, outermost first: types and extensions by name,
    /// functions and initializers as `name(label:)`. A type declared in a function body is
    /// qualified by the function (`FeatureTests.testCount().Feature`), so the same-named
    /// fixtures of two test methods stay two features.
    /// `mayHoldReducerHelpers`: a struct, class or extension that is no view, whose methods
    /// may be a reducer's helpers (``ReducerScope/isHelper``).
    private var enclosingTypes: [(name: String, isReducer: Bool, mayHoldReducerHelpers: Bool)] = []
    /// Names recorded as type references: their bytes, and their text for names that other
    /// bytes could spell (canonically equivalent non-ASCII text).
    var referencedBytes: Set<SyntaxText> = []
    var referencedTypes: Set<String> = []
    private var reducerCalls: Set<RawSyntax.ID> = []
    var bodies = ReducerBodies()
    /// The walk's path from the root, the current node last.
    var frames: [RawFrame] = []
    /// The `Syntax` nodes of the first frames, the ones materialised so far (materialising a
    /// node materialises its ancestors, so they are always a prefix of the path).
    private var materializedFrames: [Syntax] = []
    /// Views found whose member block the walk has not reached yet, and the ones it is inside.
    private var pendingViews: [ViewCollector] = []
    var activeViews: [ViewCollector] = []
    /// The statement lists the walk is inside, innermost last, each with the `@Dependency`
    /// locals it declares: they serve the reducers built in it.
    private var localScopes: [LocalScope] = []
    /// Inside an `import` (in a reducer body or a view, where the parser recovered one): its
    /// nodes only feed the bodies and views (an import's attribute arguments may hold calls),
    /// they are not references or reducers.
    var insideImport = false
    var facts: SwiftFileFacts

    /// Parses `contents` and walks it once.
    static func facts(path: String, contents: String) -> SwiftFileFacts {
        let tree = Parser.parse(source: contents)
        // A struct, not a class: the walk's state is then checked for exclusive access when
        // compiled, not on every access at run time.
        var visitor = SwiftFileVisitor(
            path: path, source: SourceText(contents: contents), lines: SourceLines(contents: contents, tree: tree))
        visitor.frames.append(RawFrame(node: RawNode(raw: tree.raw, offset: 0), ordinal: 0))
        visitor.materializedFrames.append(Syntax(tree))
        if visitor.source.contains("typealias") {
            visitor.reducerAliases = fileReducerAliases(in: tree, source: visitor.source)
        }
        visitor.walkChildren()
        if tree.hasError {
            visitor.facts.parseProblem = ParseProblemFinder.firstProblem(in: tree, locate: visitor.locate)
        }
        return visitor.facts
    }

    let locate: Locator
    private let memberReader: MemberReader

    private init(path: String, source: SourceText, lines: SourceLines) {
        self.path = path
        self.source = source
        self.facts = SwiftFileFacts(file: FileFacts(path: path))
        let locate = Locator(path: path, lines: lines)
        self.locate = locate
        self.memberReader = MemberReader(source: source, locate: locate)
    }

    // MARK: The walk

    /// Walks the children of the current node (the last frame), in order. Tokens hold
    /// nothing the walk records on their own.
    mutating func walkChildren() {
        let node = frames[frames.count - 1].node
        guard let layout = node.raw.layoutView else { return }
        var offset = node.offset
        var ordinal = 0
        for child in layout.children {
            guard let child else { continue }
            if !child.isToken {
                frames.append(RawFrame(node: RawNode(raw: child, offset: offset), ordinal: ordinal))
                walkCurrent()
                if materializedFrames.count == frames.count { materializedFrames.removeLast() }
                frames.removeLast()
            }
            offset += child.byteLength
            ordinal += 1
        }
    }

    /// Visits the current node, its children, and leaves it.
    private mutating func walkCurrent() {
        let node = frames[frames.count - 1].node
        if !activeViews.isEmpty {
            for index in activeViews.indices { activeViews[index].visit(node, source: source, locate: locate) }
        }
        if insideImport {
            feedBodies(node)
            return
        }
        if node.kind == .memberBlock, pendingViews.last?.block == node.raw.id, let view = pendingViews.popLast() {
            activeViews.append(view)
            walkChildren()
            if let view = activeViews.popLast() { endView(view) }
            return
        }
        switch node.kind {
        case .structDecl:
            enterType(current(StructDeclSyntax.self), kind: .struct)
        case .classDecl:
            enterType(current(ClassDeclSyntax.self), kind: .class)
        case .actorDecl:
            enterType(current(ActorDeclSyntax.self), kind: .actor)
        case .enumDecl:
            enterType(current(EnumDeclSyntax.self), kind: .enum)
        case .protocolDecl:
            enterType(current(ProtocolDeclSyntax.self), kind: .protocol)
        case .extensionDecl:
            enterExtension(current(ExtensionDeclSyntax.self))
        case .functionCallExpr:
            visitCall(node)
            walkChildren()
            bodies.leave(site: node.raw.id)
            if !reducerCalls.isEmpty { reducerCalls.remove(node.raw.id) }
            return
        case .codeBlockItemList:
            let entered = bodies.enter(body: node.raw.id)
            localScopes.append(LocalScope(firstReducer: entered ?? facts.reducers.count))
            walkChildren()
            if let scope = localScopes.popLast(), !scope.dependencies.isEmpty {
                for index in scope.firstReducer..<facts.reducers.count { facts.reducers[index].localDependencies += scope.dependencies }
            }
            leaveBody(node)
            return
        case .initializerClause where bodies.hasPending:
            // A stored property's initial value, setup code (``visitMemberBinding(_:)``).
            guard bodies.enter(body: node.raw.id) != nil else { break }
            walkChildren()
            leaveBody(node)
            return
        case .variableDecl where !localScopes.isEmpty && frames.count >= 2 && frames[frames.count - 2].node.kind == .codeBlockItem:
            visitLocalVariable(node)
        case .closureExpr:
            bodies.visitClosure(atEndOf: frames)
            walkChildren()
            if bodies.isInside { bodies.leaveClosure() }
            return
        case .awaitExpr, .tryExpr, .throwStmt:
            visitAwaitOrThrow(node)
            return
        case .switchExpr:
            bodies.visitSwitch(atEndOf: frames, locate: locate)
        case .functionDecl:
            visitFunction(node)
            enclosingTypes.append((SyntaxPaths.scopeName(ofFunction: node.raw), false, false))
        case .initializerDecl:
            visitInitializer(node)
            enclosingTypes.append((SyntaxPaths.scopeName(ofFunction: node.raw), false, false))
        case .patternBinding where frames.count >= 4 && frames[frames.count - 4].node.kind == .memberBlockItem:
            visitMemberBinding(node)
        case .importDecl:
            visitImport()
            return
        case .typeAliasDecl where enclosingTypes.last.map({ !$0.name.hasSuffix(")") }) == true:
            // A member alias of a type, not a local one of a function.
            visitTypeAlias()
        case .identifierType:
            visitIdentifierType(node)
        case .genericSpecializationExpr:
            visitGenericSpecialization(node)
        case .declReferenceExpr:
            visitReference(node)
        case .memberAccessExpr:
            visitMemberAccess(node)
        default:
            break
        }
        walkChildren()
        switch node.kind {
        case .structDecl, .classDecl, .actorDecl, .enumDecl, .protocolDecl, .extensionDecl, .functionDecl, .initializerDecl:
            enclosingTypes.removeLast()
        default: break
        }
    }

    /// An `await`, or a `try`/`throw` that may leave an effect unhandled: a site
    /// of the reducer bodies around it, enclosing what it awaits or tries.
    private mutating func visitAwaitOrThrow(_ node: RawNode) {
        if node.kind == .awaitExpr {
            bodies.visitAwait(atEndOf: frames, locate: locate)
        } else {
            bodies.visitThrowing(atEndOf: frames, locate: locate)
        }
        walkChildren()
        bodies.leave(site: node.raw.id)
    }

    /// The nodes of an `import` inside a reducer body or a view: they feed the bodies (and the
    /// views, in ``walkCurrent()``) and nothing else.
    private mutating func feedBodies(_ node: RawNode) {
        switch node.kind {
        case .functionCallExpr:
            bodies.visitCall(atEndOf: frames, locate: locate)
            walkChildren()
            bodies.leave(site: node.raw.id)
        case .closureExpr:
            bodies.visitClosure(atEndOf: frames)
            walkChildren()
            if bodies.isInside { bodies.leaveClosure() }
        case .awaitExpr, .tryExpr, .throwStmt:
            visitAwaitOrThrow(node)
        case .memberAccessExpr:
            bodies.visitMemberAccess(atEndOf: frames, locate: locate)
            walkChildren()
        case .switchExpr:
            bodies.visitSwitch(atEndOf: frames, locate: locate)
            walkChildren()
        default:
            walkChildren()
        }
    }

    /// The current node as a `Syntax` node of type `type`.
    mutating func current<Node: SyntaxProtocol>(_ type: Node.Type) -> Node {
        materialized(at: frames.count - 1).cast(Node.self)
    }

    /// The `Syntax` node of the frame at `depth`, materialised from its nearest materialised
    /// ancestor (the root always is).
    private mutating func materialized(at depth: Int) -> Syntax {
        if depth < materializedFrames.count { return materializedFrames[depth] }
        let syntax = materialized(at: depth - 1).presentChild(at: frames[depth].ordinal)
        materializedFrames.append(syntax)
        return syntax
    }

    // MARK: Types

    private mutating func enterExtension(_ node: ExtensionDeclSyntax) {
        let extended = source.trimmed(node.extendedType)
        let members = memberReader.members(of: currentMemberBlock(), syntax: { node.memberBlock })
        facts.extensions.append(
            ExtensionFacts(
                extendedType: extended, conformances: node.inheritanceClause.map(names(of:)) ?? [],
                properties: members.properties, methods: members.methods))
        let conformances = node.inheritanceClause.map(names(of:)) ?? []
        let isReducer = currentAttributeNames().contains("Reducer") || conformances.contains { ["Reducer", "ReducerProtocol"].contains($0) }
        // A `body` makes a view of the extension unless it is a reducer's (`some ReducerOf<Self>`).
        let isView = conformances.contains(where: { TypeName.unqualified($0) == "View" })
            || members.properties.contains(where: { $0.name == "body" && !Self.isReducerBodyType($0.type) })
        if isView || Self.buildsViews(node.memberBlock) {
            beginExtensionView(of: extended, members: currentMemberBlock().raw.id)
        }
        enclosingTypes.append((extended, isReducer, isReducer || !isView))
    }

    /// The type of a reducer's `body`: `some ReducerOf<Self>`, `some Reducer<State, Action>`,
    /// `some ReducerProtocolOf<Self>`.
    private static func isReducerBodyType(_ type: String?) -> Bool {
        guard let type else { return false }
        let written = type.hasPrefix("some ") ? type.dropFirst(5) : Substring(type)
        return written.hasPrefix("Reducer") || written.hasPrefix("ComposableArchitecture.Reducer")
    }

    /// Whether a member block declares a function or property whose type is a view (`private
    /// func header() -> some View`, `var rows: AnyView`): an extension of a view that builds
    /// parts of it, whose modifiers are the view's.
    private static func buildsViews(_ block: MemberBlockSyntax) -> Bool {
        block.members.contains { member in
            if let function = member.decl.as(FunctionDeclSyntax.self) {
                return function.signature.returnClause.map { isViewType($0.type) } ?? false
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { return false }
            return variable.bindings.contains { $0.typeAnnotation.map { isViewType($0.type) } ?? false }
        }
    }

    /// `some View`, `any View`, `AnyView`, `SwiftUI.View`.
    private static func isViewType(_ type: TypeSyntax) -> Bool {
        let named = type.as(SomeOrAnyTypeSyntax.self)?.constraint ?? type
        if let identifier = named.as(IdentifierTypeSyntax.self) { return ["View", "AnyView"].contains(identifier.name.text) }
        return named.as(MemberTypeSyntax.self)?.name.text == "View"
    }

    /// A struct, class, actor, enum or protocol: the current node.
    private mutating func enterType(_ node: some DeclGroupSyntax & NamedDeclSyntax, kind: TypeKind) {
        let name = node.name
        let qualified = (enclosingTypes.map(\.name) + [name.text]).joined(separator: ".")
        let block = currentMemberBlock()
        let conformances = node.inheritanceClause.map(names(of:)) ?? []
        let isSetupCode = conformances.contains { Self.setupTypes.contains(TypeName.unqualified($0)) }
        let members = memberReader.members(of: block, isSetupCode: isSetupCode, syntax: { node.memberBlock })
        let attributes = currentAttributeNames()
        let type = TypeDecl(
            name: name.text, qualifiedName: qualified, kind: kind, conformances: conformances,
            attributes: attributes, properties: members.properties, cases: members.cases, methods: members.methods,
            accessLevel: Self.accessLevel(node.modifiers), location: locate.token(name),
            conformanceSlot: conformanceSlot(of: node),
            memberSlot: node.memberBlock.rightBrace.presence == .missing ? nil : locate.point(at: node.memberBlock.rightBrace.position.utf8Offset))
        facts.types.append(type)
        if !members.staticReads.isEmpty { facts.staticReads[qualified] = members.staticReads }
        if Syntax(node).asProtocol(WithGenericParametersSyntax.self)?.genericParameterClause != nil {
            facts.genericTypes.insert(qualified)
        }
        if enclosingTypes.isEmpty { facts.file.topLevelTypes.append(qualified) }
        if conformances.contains(where: { TypeName.unqualified($0) == "View" }) {
            beginView(type, members: block.raw.id)
        }
        let isReducer = attributes.contains("Reducer")
            || conformances.contains { ["Reducer", "ReducerProtocol"].contains(TypeName.unqualified($0)) }
        let isView = conformances.contains(where: { TypeName.unqualified($0) == "View" })
        enclosingTypes.append((name.text, isReducer, isReducer || (!isView && (kind == .struct || kind == .class))))
    }

    /// Where a conformance goes in `node`'s declaration: after the last inherited type, else
    /// after the generic parameters (or a protocol's primary associated types), else the name.
    private func conformanceSlot(of node: some DeclGroupSyntax & NamedDeclSyntax) -> ConformanceSlot {
        let last: Syntax
        if let inherited = node.inheritanceClause?.inheritedTypes.last {
            last = Syntax(inherited.type)
        } else if let generics = Syntax(node).asProtocol(WithGenericParametersSyntax.self)?.genericParameterClause {
            last = Syntax(generics)
        } else if let primary = node.as(ProtocolDeclSyntax.self)?.primaryAssociatedTypeClause {
            last = Syntax(primary)
        } else {
            last = Syntax(node.name)
        }
        let end = last.endPositionBeforeTrailingTrivia.utf8Offset
        return ConformanceSlot(location: locate(from: end, to: end), followsClause: node.inheritanceClause != nil)
    }

    /// The types and extensions the walk is inside, as a dotted path, functions left out:
    /// where a name written here is looked up first.
    var typeScope: String {
        enclosingTypes.lazy.map(\.name).filter { !$0.hasSuffix(")") }.joined(separator: ".")
    }

    /// The current declaration's member block. A declaration group's layout always holds
    /// one; were it missing, the declaration itself stands in, which reads as no members.
    private func currentMemberBlock() -> RawNode {
        let node = frames[frames.count - 1].node
        return node.children.first { $0.kind == .memberBlock } ?? node
    }

    /// The attribute names of the current declaration.
    private func currentAttributeNames() -> [String] {
        guard let list = frames[frames.count - 1].node.children.first(where: { $0.kind == .attributeList }) else { return [] }
        return memberReader.attributeNames(list)
    }

    /// Records a view with what its type declares, and starts collecting what its members
    /// hold (``ViewCollector``) for when the walk enters its member block.
    private mutating func beginView(_ type: TypeDecl, members block: RawSyntax.ID) {
        let holdsStore = type.storedProperties.contains { property in
            guard let base = property.baseType else { return false }
            return ["Store", "StoreOf"].contains(TypeName.unqualified(base))
        }
        let observes = type.properties.contains { $0.wrappers.contains("ObservedObject") && $0.name == "viewStore" }
        pendingViews.append(ViewCollector(block: block, viewIndex: facts.views.count))
        facts.views.append(
            ViewFacts(
                name: type.qualifiedName, holdsStore: holdsStore, observesViewStore: observes, forwardsStore: false,
                animationModifiers: [], location: type.location))
    }

    /// Starts collecting what an extension that may be a view's holds (it conforms to `View`
    /// or has a `body`): the spec joins it to the view it extends, if it declares one.
    private mutating func beginExtensionView(of extended: String, members block: RawSyntax.ID) {
        var collector = ViewCollector(block: block, viewIndex: facts.extensionViews.count)
        collector.isExtension = true
        pendingViews.append(collector)
        facts.extensionViews.append(
            ViewFacts(name: extended, holdsStore: false, observesViewStore: false, location: locate.node(current(ExtensionDeclSyntax.self).extendedType)))
    }

    /// Adds what a view's members hold to its facts, once the walk has left them.
    private mutating func endView(_ collector: ViewCollector) {
        if collector.isExtension {
            facts.extensionViews[collector.viewIndex].observesViewStore = collector.observesViewStore
            facts.extensionViews[collector.viewIndex].forwardsStore = collector.forwardsStore
            facts.extensionViews[collector.viewIndex].animationModifiers = collector.modifiers.sorted { $0.location < $1.location }
            return
        }
        facts.views[collector.viewIndex].observesViewStore = facts.views[collector.viewIndex].observesViewStore
            || collector.observesViewStore
        facts.views[collector.viewIndex].forwardsStore = collector.forwardsStore
        facts.views[collector.viewIndex].animationModifiers = collector.modifiers.sorted { $0.location < $1.location }
    }

    // MARK: Reducer bodies

    private mutating func visitCall(_ node: RawNode) {
        // Calls inside a closure reducer are only sites of its body: no reducers found there.
        bodies.visitCall(atEndOf: frames, locate: locate)
        guard reducerCalls.isEmpty, let call = RawFunctionCallExprSyntax(node.raw) else { return }
        if let callee = Self.builderName(of: call.calledExpression.raw), Self.reducerBuilders.contains(callee) {
            reducerCalls.insert(node.raw.id)
            let syntax = current(FunctionCallExprSyntax.self)
            addReducers(in: syntax, types: reducerTypes(of: syntax), composedWith: callee == "Reduce" ? ComposedReducers.beside(syntax) : [])
        } else if !reducerAliases.isEmpty, let callee = Self.builderName(of: call.calledExpression.raw),
            let types = reducerAliases[String(syntaxText: callee)]
        {
            reducerCalls.insert(node.raw.id)
            addReducers(in: current(FunctionCallExprSyntax.self), types: types)
        } else if SyntaxPaths.isInitializerOfItsContext(call.calledExpression.raw) {
            visitLegacyInitializer()
        }
    }

    /// The name a call builds a value of: `Reduce` for `Reduce { … }`, `Reduce<S, A> { … }` and
    /// `Reduce<S, A>.init { … }`.
    private static func builderName(of callee: RawSyntax) -> SyntaxText? {
        if let name = SyntaxPaths.singleName(of: callee) { return name }
        guard let member = RawMemberAccessExprSyntax(callee), member.declName.baseName.tokenText == "init", let base = member.base
        else { return nil }
        return SyntaxPaths.singleName(of: base.raw)
    }

    /// `.init { state, action, environment in … }` or `Self { … }` is a legacy reducer where
    /// the context says what it builds: an argument of `Reducer<S, A, E>.combine(…)` or of
    /// `.combined(with:)`, or in an `extension Reducer` (a higher-order reducer). Its closure
    /// takes the three parameters of a legacy reducer.
    private mutating func visitLegacyInitializer() {
        let combineDepth = SyntaxPaths.callDepth(takingArgumentAtEndOf: frames).flatMap { depth -> Int? in
            guard let combine = RawFunctionCallExprSyntax(frames[depth].node.raw),
                let member = RawMemberAccessExprSyntax(combine.calledExpression.raw)
            else { return nil }
            switch member.declName.baseName.tokenText {
            case "combined":
                return depth
            case "combine":
                // `Reducer<S, A, E>.combine(…)`, `AnyReducer.combine(…)`, or `.combine(…)`.
                guard let base = member.base else { return depth }
                let name = SyntaxPaths.singleName(of: base.raw)
                return name == "Reducer" || name == "AnyReducer" ? depth : nil
            default:
                return nil
            }
        }
        let inReducerExtension = enclosingTypes.contains { $0.name == "Reducer" || $0.name == "AnyReducer" }
        // `let reducer: Reduce<State, Action> = .init { state, action in … }`: the written type says.
        let annotated = annotatedReducer()
        guard combineDepth != nil || inReducerExtension || annotated else { return }
        let syntax = current(FunctionCallExprSyntax.self)
        let parameters = annotated ? 2 : 3
        guard SyntaxPaths.closures(of: syntax).contains(where: { SyntaxPaths.parameterNames(of: $0).count >= parameters }) else { return }
        reducerCalls.insert(frames[frames.count - 1].node.raw.id)
        let combine = combineDepth.map { materialized(at: $0).cast(FunctionCallExprSyntax.self) }
        addReducers(in: syntax, types: combine.map(reducerTypes(of:)) ?? ReducerTypes())
    }

    /// Whether the call the walk is at is the value of a variable whose written type is a
    /// reducer's (`let reducer: Reduce<State, Action> = .init { … }`), read from the raw path.
    private func annotatedReducer() -> Bool {
        guard frames.count >= 3, frames[frames.count - 2].node.kind == .initializerClause,
            let binding = RawPatternBindingSyntax(frames[frames.count - 3].node.raw),
            let type = binding.typeAnnotation.flatMap({ RawIdentifierTypeSyntax($0.type.raw) })
        else { return false }
        return ["Reduce", "Reducer", "AnyReducer"].contains(type.name.tokenText)
    }

    /// Each closure of the reducer-building call `syntax` is a reducer body.
    private mutating func addReducers(in syntax: FunctionCallExprSyntax, types: ReducerTypes, composedWith composed: [String] = []) {
        for closure in SyntaxPaths.closures(of: syntax) {
            let parameters = SyntaxPaths.parameterNames(of: closure)
            let actionName = parameters.count >= 2 ? parameters[1] : "action"
            addReducer(
                body: closure.statements, actionName: actionName, types: types, at: syntax,
                environmentName: parameters.count >= 3 ? parameters[2] : nil, composedWith: composed)
        }
    }

    /// `reduce(into:action:)`, a function taking `inout` state and an action that returns an
    /// effect (a reducer written as a function, wherever it is declared: `func core(state:
    /// inout State, action: Action) -> Effect<Action>` passed to `Reduce(self.core)`), or a
    /// method of a type that takes `inout` state or returns an effect (a helper or a hook of a
    /// reducer type; reducer work only if the type is one, which the spec decides:
    /// ``ReducerScope/isReducerIfOwnerIs``). The name, the signature's raw nodes and the
    /// enclosing scope rule out most functions before the declaration is materialised.
    private mutating func visitFunction(_ node: RawNode) {
        guard reducerCalls.isEmpty, let function = RawFunctionDeclSyntax(node.raw), function.body != nil else { return }
        let returnsEffect = SyntaxPaths.returnsEffect(function)
        let inType = enclosingTypes.last.map { !$0.name.hasSuffix(")") } ?? false
        guard function.name.tokenText == "reduce" || returnsEffect || (inType && SyntaxPaths.hasInoutParameter(function)) else {
            if inType, enclosingTypes.last?.mayHoldReducerHelpers == true { addHelper(function) }
            return
        }
        let syntax = current(FunctionDeclSyntax.self)
        guard let body = syntax.body else { return }
        let parameters = syntax.signature.parameterClause.parameters
        let isReduceInto = syntax.name.text == "reduce" && parameters.first?.firstName.text == "into"
        let takesState = parameters.contains { source.trimmed($0.type).hasPrefix("inout ") }
        let actionParameter = Self.actionParameter(in: parameters, source: source)
        let isFreeReducer = takesState && returnsEffect && actionParameter != nil
        let inReducer = enclosingTypes.last?.isReducer ?? false
        guard isReduceInto || isFreeReducer || (inType && (takesState || returnsEffect)) else { return }
        let actionName = actionParameter.map { ($0.secondName ?? $0.firstName).text } ?? "action"
        addReducer(
            body: body.statements, actionName: actionName,
            types: ReducerTypes(action: actionParameter.map { source.trimmed($0.type) }), at: syntax, environmentName: nil,
            requiresReducerOwner: !(isReduceInto || isFreeReducer || inReducer))
    }

    /// An initializer of a type that may be a reducer: its setup code (``FeatureModel/setups``).
    private mutating func visitInitializer(_ node: RawNode) {
        guard reducerCalls.isEmpty, enclosingTypes.last?.mayHoldReducerHelpers == true,
            let initializer = RawInitializerDeclSyntax(node.raw), initializer.body != nil
        else { return }
        let syntax = current(InitializerDeclSyntax.self)
        guard let body = syntax.body else { return }
        addSetup(body.statements, at: syntax)
    }

    /// `var body: some ReducerOf<Self> { … }` of a type that may be a reducer: what it builds
    /// around the reducers it composes is setup code (``FeatureModel/setups``); the reducers
    /// inside it are found as they are anywhere. So is the value a stored property starts
    /// with (`private let pasteboard = UIPasteboard.general`), made with each reducer value.
    private mutating func visitMemberBinding(_ node: RawNode) {
        guard reducerCalls.isEmpty, enclosingTypes.last?.mayHoldReducerHelpers == true,
            let binding = RawPatternBindingSyntax(node.raw)
        else { return }
        if binding.accessorBlock == nil, let initializer = binding.initializer {
            addSetup(initializer.raw.id, at: current(PatternBindingSyntax.self))
            return
        }
        guard binding.accessorBlock != nil,
            let pattern = RawIdentifierPatternSyntax(binding.pattern.raw), pattern.identifier.tokenText == "body"
        else { return }
        let syntax = current(PatternBindingSyntax.self)
        guard let accessors = syntax.accessorBlock?.accessors else { return }
        switch accessors {
        case .getter(let statements):
            addSetup(statements, at: syntax)
        case .accessors(let list):
            if let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) })?.body {
                addSetup(getter.statements, at: syntax)
            }
        }
    }

    /// Records `statements` as setup code of the type the walk is in, kept only if that type
    /// is a reducer. No `switch` in it is the setup's (its action name matches none).
    private mutating func addSetup(_ statements: CodeBlockItemListSyntax, at node: some SyntaxProtocol) {
        addSetup(statements.raw.id, at: node)
    }

    /// Records the node `body` (a statement list or a stored property's initializer) as setup code.
    private mutating func addSetup(_ body: RawSyntax.ID, at node: some SyntaxProtocol) {
        addReducer(body: body, actionName: "", types: ReducerTypes(), at: node, environmentName: nil, requiresReducerOwner: true)
        facts.reducers[facts.reducers.count - 1].facts.isSetup = true
    }

    /// Any other method of a type that may be a reducer: what it does is the reducer's when a
    /// reducer of the type calls it (``ReducerScope/isHelper``).
    private mutating func addHelper(_ function: RawFunctionDeclSyntax) {
        let syntax = current(FunctionDeclSyntax.self)
        guard let body = syntax.body else { return }
        addReducer(body: body.statements, actionName: "action", types: ReducerTypes(), at: syntax, environmentName: nil, requiresReducerOwner: true)
        facts.reducers[facts.reducers.count - 1].helperName = String(syntaxText: function.name.tokenText)
        // `func lookup(_ input: String) -> Result { client.lookup(input) }` returns its one
        // expression: not a statement run for its effect.
        let returnType = syntax.signature.returnClause.map { source.trimmed($0.type) }
        if let returnType, returnType != "Void", returnType != "()", body.statements.count == 1,
            body.statements.first?.item.is(ExprSyntax.self) == true
        {
            facts.reducers[facts.reducers.count - 1].returnsItsExpression = true
        }
    }

    /// The parameter a reducer function takes its action in: `action:`, or one whose name or
    /// type names an action (`viewAction: ViewAction` of an app's own reducer protocol); never
    /// the `inout` state.
    private static func actionParameter(in parameters: FunctionParameterListSyntax, source: SourceText) -> FunctionParameterSyntax? {
        // Read in place: a filtered copy of the list would be a new tree, with other positions.
        let candidates = parameters.indices.map { parameters[$0] }.filter { !source.trimmed($0.type).hasPrefix("inout ") }
        return candidates.first { $0.firstName.text == "action" }
            ?? candidates.first { parameter in
                let name = (parameter.secondName ?? parameter.firstName).text
                let type = TypeName.unqualified(TypeName.base(source.trimmed(parameter.type)))
                return name.hasSuffix("Action") || name == "action" || type.hasSuffix("Action")
            }
    }

    /// A `@Dependency` declared as a local (`@Dependency(\.toast) var toast` in an `init()` or
    /// a reducer function): the reducers built in its statement list reach it under its name.
    private mutating func visitLocalVariable(_ node: RawNode) {
        let dependencies = memberReader.localDependencies(in: node)
        guard !dependencies.isEmpty, !localScopes.isEmpty else { return }
        localScopes[localScopes.count - 1].dependencies += dependencies
    }

    /// The Action and Environment arguments of `Reducer<S, A, E> { }` (or of
    /// `Reducer<S, A, E>.combine(…)`), or of the variable's written type in
    /// `let reducer: Reducer<S, A, E> = Reducer { }`.
    private func reducerTypes(of call: FunctionCallExprSyntax) -> ReducerTypes {
        // `Reducer<S, A, E> { }`, or `Reducer<S, A, E>.combine(…)` for the reducers it combines.
        let callee = call.calledExpression.as(MemberAccessExprSyntax.self)?.base ?? call.calledExpression
        let arguments: GenericArgumentListSyntax
        if let specialization = callee.as(GenericSpecializationExprSyntax.self) {
            arguments = specialization.genericArgumentClause.arguments
        } else if let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let written = binding.typeAnnotation?.type.as(IdentifierTypeSyntax.self)?.genericArgumentClause?.arguments
        {
            arguments = written
        } else {
            return ReducerTypes()
        }
        return ReducerTypes(arguments: arguments.map { source.trimmed($0.argument) })
    }

    private mutating func addReducer(
        body: CodeBlockItemListSyntax, actionName: String, types: ReducerTypes, at node: some SyntaxProtocol,
        environmentName: String?, composedWith composed: [String] = [], requiresReducerOwner: Bool = false
    ) {
        addReducer(
            body: body.raw.id, actionName: actionName, types: types, at: node, environmentName: environmentName,
            composedWith: composed, requiresReducerOwner: requiresReducerOwner)
    }

    /// ``addReducer(body:actionName:types:at:environmentName:composedWith:requiresReducerOwner:)``
    /// for a body the walk enters as a node (``ReducerBodies/enter(body:)``).
    private mutating func addReducer(
        body: RawSyntax.ID, actionName: String, types: ReducerTypes, at node: some SyntaxProtocol,
        environmentName: String?, composedWith composed: [String] = [], requiresReducerOwner: Bool = false
    ) {
        bodies.register(body, actionName: actionName, reducerIndex: facts.reducers.count)
        let owner = enclosingTypes.isEmpty ? Self.variableName(around: node) : enclosingTypes.map(\.name).joined(separator: ".")
        facts.reducers.append(
            ReducerScope(
                facts: ReducerFacts(
                    owner: owner, actionType: types.action, environmentType: types.environment, composedReducers: composed,
                    location: locate.node(node)),
                environmentName: environmentName, isReducerIfOwnerIs: requiresReducerOwner))
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

    /// The walk leaves `node`: the sites and switches of the body that ends there, if any.
    private mutating func leaveBody(_ node: RawNode) {
        guard let body = bodies.leave(body: node.raw.id) else { return }
        facts.reducers[body.reducerIndex].facts.sites = body.sortedSites
        facts.reducers[body.reducerIndex].facts.switches = body.switches
    }

    // MARK: Helpers

    /// A statement list the walk is inside, with the `@Dependency` locals declared in it.
    private struct LocalScope {
        /// The first reducer built in it (or whose body it is).
        var firstReducer: Int
        var dependencies: [PropertyDecl] = []
    }

    private func names(of inheritance: InheritanceClauseSyntax) -> [String] {
        inheritance.inheritedTypes.map { source.trimmed($0.type) }
    }

    /// Access-level modifiers (compared as bytes, like the names below).
    private static let accessLevels: Set<SyntaxText> = ["open", "public", "package", "internal", "fileprivate", "private"]

    private static func accessLevel(_ modifiers: DeclModifierListSyntax) -> String? {
        guard !modifiers.isEmpty else { return nil }
        return modifiers.first { accessLevels.contains($0.name.rawText) }?.name.text
    }
}
