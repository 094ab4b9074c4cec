import RulebookCore
import SwiftParser
import SwiftSyntax

/// Indexes one Swift file for ``ProjectIndex``: what it declares, extends, scopes and builds
/// that the checks of other features need (``FileIndex``), in one walk of its tree.
public enum FileIndexer {
    /// The index of a file's `contents` (check its nesting first, as for any parse:
    /// ``SwiftNesting/check(_:maxLevels:maxSquareBrackets:)``).
    public static func index(contents: String) -> FileIndex {
        var walk = FileIndexWalk(tree: Parser.parse(source: contents), source: SourceText(contents: contents))
        walk.run()
        return walk.visitor.index
    }

    /// The context a project made of `files` alone gives itself: what `rulebook check`
    /// works out when these are all the files it is given.
    public static func context(ofProjectMadeOf files: [SourceFile]) -> ProjectContext {
        context(of: files, inProjectWith: [])
    }

    /// The context of the spec made of `files` in a project that also holds `others`.
    public static func context(of files: [SourceFile], inProjectWith others: [SourceFile]) -> ProjectContext {
        let indexes = (files + others).map { file in
            var index = index(contents: file.contents)
            index.path = file.path
            return index
        }
        return ProjectIndex(indexes).context(for: Array(indexes.prefix(files.count)), texts: files.map(\.contents))
    }
}

/// What the index records at each node the walk (``FileIndexWalk``) materialises, in the
/// shape of a `SyntaxVisitor`: `visit` on the way in (`.skipChildren` leaves the subtree out),
/// `visitPost` on the way out.
final class FileIndexVisitor {
    /// The file's text, to read nodes' text from (``SourceText``).
    let source: SourceText

    init(source: SourceText) {
        self.source = source
    }

    /// Whether the file names a store value anywhere (`store.x`, `viewStore.x`): most files
    /// do not, and reading every call's arguments for them is most of what indexing a
    /// view's modifiers costs (``animatedStoreValues(of:source:)`` finds nothing without it).
    private lazy var mentionsStoreValues = source.contains("store.") || source.contains("Store.")

    /// Generic TCA types whose arguments name a feature's State, Action and Environment.
    static let roleNamingTypes: Set<String> = ["Reducer", "AnyReducer", "Reduce", "Store", "ViewStore", "WithViewStore", "TestStore"]
    /// Methods that scope a child reducer into its parent with an `environment:` argument.
    static let scopingMethods: Set<String> = ["pullback", "forEach"]

    var index = FileIndex()
    /// The declarations the walk is inside, outermost first: a type's or extension's name, or
    /// `nil` for a function body.
    private var scopes: [String?] = []
    /// How many `environment:` arguments of scoping calls the walk is inside.
    private var scopingArguments = 0
    /// How many of those build the child's environment without the parent's (`{ _ in … }`):
    /// an environment built there is built directly, as by a preview.
    private var parentIgnoringArguments = 0
    /// What the members of the file's types do (``FileIndex/memberEffects``).
    private var members = MemberEffectRecorder()

    // MARK: Declarations

    func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterTypeBody(node.memberBlock, inheritance: node.inheritanceClause)
        if storesAnError(node.memberBlock) { index.failableTypes.insert(qualified(node.name.text)) }
        if node.name.text.hasSuffix("State") {
            let computed = computedProperties(node.memberBlock)
            if !computed.isEmpty { index.stateComputedProperties[qualified(node.name.text), default: []].formUnion(computed) }
        }
        declare(node.name.text, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }
    func visitPost(_ node: StructDeclSyntax) { leaveTypeBody() }

    func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterTypeBody(node.memberBlock, inheritance: node.inheritanceClause)
        if storesAnError(node.memberBlock) { index.failableTypes.insert(qualified(node.name.text)) }
        if !scopes.contains(nil) { index.referenceTypes.insert(qualified(node.name.text)) }
        declare(node.name.text, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }
    func visitPost(_ node: ClassDeclSyntax) { leaveTypeBody() }

    func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterTypeBody(node.memberBlock, inheritance: node.inheritanceClause)
        if hasAFailureCase(node.memberBlock) { index.failableTypes.insert(qualified(node.name.text)) }
        let cases = node.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }.flatMap(\.elements)
        if !scopes.contains(nil), !cases.isEmpty { index.caseEnums.insert(qualified(node.name.text)) }
        index.enumCaseNames.formUnion(cases.map(\.name.text))
        declare(node.name.text, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }
    func visitPost(_ node: EnumDeclSyntax) { leaveTypeBody() }

    func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterTypeBody(node.memberBlock, inheritance: node.inheritanceClause)
        if !scopes.contains(nil) { index.referenceTypes.insert(qualified(node.name.text)) }
        declare(node.name.text, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }
    func visitPost(_ node: ActorDeclSyntax) { leaveTypeBody() }

    func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterTypeBody(node.memberBlock, inheritance: node.inheritanceClause)
        let inherited = names(in: node.inheritanceClause)
        index.inheritedNames.formUnion(inherited)
        if !scopes.contains(nil) { index.protocols[node.name.text] = inherited }
        scopes.append(node.name.text)
        return .visitChildren
    }
    func visitPost(_ node: ProtocolDeclSyntax) { leaveTypeBody() }

    /// `typealias FeatureReducer = Reducer`: the alias inherits what its type does, as a
    /// protocol refining it would.
    func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        if !scopes.contains(nil) {
            let aliased = TypeName.unqualified(TypeName.base(source.trimmed(node.initializer.value)))
            index.protocols[node.name.text] = index.protocols[node.name.text] ?? [aliased]
        }
        // `typealias AddReducer = Reducer<AddState, AddAction, AddEnvironment>`: values built
        // through the alias are reducers of that environment, and its arguments name roles.
        if let type = node.initializer.value.as(IdentifierTypeSyntax.self), let arguments = type.genericArgumentClause?.arguments {
            recordRoles(of: type.name.text, arguments)
            if ["Reducer", "AnyReducer"].contains(type.name.text), arguments.count == 3, let last = arguments.last {
                let written = source.trimmed(last.argument)
                index.reducerAliases[node.name.text] = TypeName.wrapped(written) ?? written
            }
        }
        return .skipChildren
    }

    func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enterTypeBody(node.memberBlock, inheritance: node.inheritanceClause)
        let extended = source.trimmed(node.extendedType)
        let conformances = names(in: node.inheritanceClause)
        let nestsOnly = conformances.isEmpty && node.memberBlock.members.allSatisfy { Self.isTypeDeclaration($0.decl) }
        if nestsOnly { index.namespaceExtensions.insert(extended) } else { index.extendedTypes.insert(extended) }
        index.inheritedNames.formUnion(conformances)
        if !conformances.isEmpty { index.extensionConformances[extended, default: []].formUnion(conformances) }
        if TypeName.unqualified(extended) == "DependencyValues" {
            let values = namedPropertyTypes(node.memberBlock)
            index.dependencyValues.merge(values) { first, _ in first }
            index.dependencyValueTypes.formUnion(values.values.map { TypeName.unqualified(TypeName.base($0)) })
        }
        let statics = node.memberBlock.members.flatMap { staticMemberNames(of: $0.decl) }
        if !statics.isEmpty { index.extensionStaticMembers[extended, default: []].formUnion(statics) }
        if conformances.contains(where: { ["Reducer", "ReducerProtocol"].contains($0) }) { index.declaresReducer = true }
        scopes.append(extended)
        return .visitChildren
    }
    func visitPost(_ node: ExtensionDeclSyntax) { leaveTypeBody() }

    func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let type = enclosingType, TypeName.unqualified(type) == "View" { index.viewModifiers.insert(node.name.text) }
        members.enter(
            member: node.name.text, of: memberOwner, parameters: MemberEffectRecorder.parameters(of: node.signature.parameterClause),
            properties: enclosingPropertyTypes)
        scopes.append(nil)
        return .visitChildren
    }
    func visitPost(_ node: FunctionDeclSyntax) {
        scopes.removeLast()
        members.leave()
    }

    func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        members.enter(
            member: "init", of: memberOwner, parameters: MemberEffectRecorder.parameters(of: node.signature.parameterClause),
            properties: enclosingPropertyTypes)
        scopes.append(nil)
        return .visitChildren
    }
    func visitPost(_ node: InitializerDeclSyntax) {
        scopes.removeLast()
        members.leave()
    }

    /// The type or extension whose member block the walk is directly in, if it is in one, by
    /// its qualified name (`Feature.State`); `nil` inside a function.
    private var enclosingType: String? {
        guard let last = scopes.last, last != nil, !scopes.contains(nil) else { return nil }
        return scopes.compactMap { $0 }.joined(separator: ".")
    }
    /// For each type or extension the walk is in, the types of its stored properties, or `nil`
    /// for a SwiftUI view or preview, whose members no reducer uses (most of an app's files
    /// are views: their members are not read for ``FileIndex/memberEffects``).
    private var propertyTypes: [[String: String]?] = []
    private var enclosingPropertyTypes: [String: String] { (propertyTypes.last ?? nil) ?? [:] }
    /// The type whose members the walk reads for what they do: ``enclosingType``, unless it is a view.
    private var memberOwner: String? {
        guard case .some(.some) = propertyTypes.last else { return nil }
        return enclosingType
    }
    /// Conformances that make a type a view: its members draw, and no reducer calls them.
    private static let viewProtocols: Set<String> = ["View", "PreviewProvider", "ViewModifier", "App", "Scene"]

    /// The types of a member block's stored properties, written or read from a simple
    /// initializer (`let defaults = UserDefaults.standard` → `UserDefaults`).
    private func storedPropertyTypes(_ members: MemberBlockSyntax) -> [String: String] {
        var types: [String: String] = [:]
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.accessorBlock == nil {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let type = globalType(of: binding)
                else { continue }
                types[name] = TypeName.unqualified(type)
            }
        }
        return types
    }

    /// A declaration of a type (or an alias), as opposed to a member.
    private static func isTypeDeclaration(_ declaration: DeclSyntax) -> Bool {
        declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self) || declaration.is(EnumDeclSyntax.self)
            || declaration.is(ActorDeclSyntax.self) || declaration.is(ProtocolDeclSyntax.self)
            || declaration.is(TypeAliasDeclSyntax.self)
    }

    /// The written type of each property with one, by name, without `any`/`some` (what a
    /// `DependencyValues` extension registers).
    private func namedPropertyTypes(_ members: MemberBlockSyntax) -> [String: String] {
        var types: [String: String] = [:]
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let written = binding.typeAnnotation.map({ Self.existential(source.trimmed($0.type)) })
                else { continue }
                types[name] = types[name] ?? written
            }
        }
        return types
    }

    /// A written type without a leading `any` or `some`.
    static func existential(_ written: String) -> String {
        for keyword in ["any ", "some "] where written.hasPrefix(keyword) { return String(written.dropFirst(keyword.count)) }
        return written
    }

    /// Names of a dependency key's values (`static let liveValue: any Foo = …`).
    static let dependencyValueNames: Set<String> = ["liveValue", "testValue", "previewValue"]

    /// `name` qualified by the types around it (`Flag.Output`).
    private func qualified(_ name: String) -> String {
        (scopes.compactMap { $0 } + [name]).joined(separator: ".")
    }

    private func declare(_ name: String, inheritance: InheritanceClauseSyntax?, attributes: AttributeListSyntax) {
        let inherited = names(in: inheritance)
        index.inheritedNames.formUnion(inherited)
        let hasReducerAttribute = attributes.contains { $0.as(AttributeSyntax.self).map { source.trimmed($0.attributeName) } == "Reducer" }
        if !scopes.contains(nil) {
            let qualifiedName = (scopes.compactMap { $0 } + [name]).joined(separator: ".")
            index.declaredTypes.insert(name)
            index.declaredTypes.insert(qualifiedName)
            index.typeInheritance[qualifiedName] = inherited + (hasReducerAttribute ? ["Reducer"] : [])
        }
        let isReducer = hasReducerAttribute || inherited.contains { ["Reducer", "ReducerProtocol"].contains($0) }
        if isReducer { index.declaresReducer = true }
        scopes.append(name)
    }

    /// Leaves a type or extension that ``enterTypeBody(_:inheritance:)`` entered.
    private func leaveTypeBody() {
        scopes.removeLast()
        propertyTypes.removeLast()
    }

    private func enterTypeBody(_ members: MemberBlockSyntax, inheritance: InheritanceClauseSyntax?) {
        let isView = names(in: inheritance).contains(where: Self.viewProtocols.contains)
        propertyTypes.append(isView ? nil : storedPropertyTypes(members))
    }

    /// Whether an enum has a case that names a failure or carries an error (``FailureVocabulary``).
    private func hasAFailureCase(_ members: MemberBlockSyntax) -> Bool {
        members.members.contains { member in
            member.decl.as(EnumCaseDeclSyntax.self)?.elements.contains { element in
                FailureVocabulary.namesFailure(element.name.text)
                    || (element.parameterClause?.parameters.contains { FailureVocabulary.isError(source.trimmed($0.type)) } ?? false)
            } ?? false
        }
    }

    /// The names of a type's computed instance properties (a getter, no stored value).
    private func computedProperties(_ members: MemberBlockSyntax) -> [String] {
        members.members.flatMap { member -> [String] in
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
            else { return [] }
            return variable.bindings.compactMap { binding in
                guard binding.initializer == nil, let accessors = binding.accessorBlock else { return nil }
                if case .accessors(let list) = accessors.accessors,
                    list.allSatisfy({ ["willSet", "didSet"].contains($0.accessorSpecifier.text) })
                {
                    return nil
                }
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
        }
    }

    /// The value types a written dependency type produces without a possible failure:
    /// `Settings` for `() -> Effect<Settings, Never>` or `AnyPublisher<Settings, Never>`,
    /// `Info` for `() async -> Info` (not `async throws`).
    static func infallibleOutputs(of written: String) -> [String] {
        // A value type used everywhere (`String`, `[Item]`) says nothing about one response.
        let common: Set<String> = ["String", "Int", "Bool", "Double", "Float", "Data", "Date", "URL", "UUID", "Void", "Never", "()"]
        var found: [String] = []
        var rest = Substring(written)
        while let never = rest.range(of: ", Never>") {
            let before = rest[..<never.lowerBound]
            if let open = before.lastIndex(of: "<") {
                found.append(TypeName.base(String(before[before.index(after: open)...])))
            }
            rest = rest[never.upperBound...]
        }
        if let arrow = written.range(of: "async -> "), !written.contains("throws") {
            let output = written[arrow.upperBound...].prefix { $0 != ")" && $0 != "," && $0 != "}" }
            found.append(TypeName.base(String(output)))
        }
        return found.filter { !common.contains(TypeName.unqualified($0)) && !$0.hasPrefix("[") }
    }

    /// Whether a type has an instance property whose written type is an error.
    private func storesAnError(_ members: MemberBlockSyntax) -> Bool {
        members.members.contains { member in
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
            else { return false }
            return variable.bindings.contains { binding in
                binding.typeAnnotation.map { FailureVocabulary.isError(source.trimmed($0.type)) } ?? false
            }
        }
    }

    /// The unqualified names an inheritance clause lists (`Sendable & Equatable` is two).
    private func names(in clause: InheritanceClauseSyntax?) -> [String] {
        guard let clause else { return [] }
        return clause.inheritedTypes.flatMap { inherited in
            source.trimmed(inherited.type).split(separator: "&").map { TypeName.unqualified(TypeName.base(String($0))) }
        }
    }

    private func staticMemberNames(of declaration: DeclSyntax) -> [String] {
        let isStatic = { (modifiers: DeclModifierListSyntax) in
            modifiers.contains { ["static", "class"].contains($0.name.text) }
        }
        if let variable = declaration.as(VariableDeclSyntax.self), isStatic(variable.modifiers) {
            return variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        }
        if let function = declaration.as(FunctionDeclSyntax.self), isStatic(function.modifiers) {
            return [function.name.text]
        }
        return []
    }

    // MARK: Modules

    func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let module = node.path.first?.name.text { index.importedModules.insert(module) }
        return .skipChildren
    }

    /// Whether the file is a build manifest: what it names are the app's modules.
    private var isManifest: Bool { !index.importedModules.isDisjoint(with: FileFacts.manifestModules) }

    /// Manifest calls whose `name:` is a module the app depends on, not one it declares
    /// (`.product(name: "ComposableArchitecture", package: …)`, Tuist's `.external(name:)`).
    static let dependencyDeclarations: Set<String> = [
        "product", "package", "external", "project", "sdk", "xcframework", "framework", "binaryTarget", "remote", "local",
        "systemLibrary", "byName",
    ]

    /// The text of a `name:` argument that is a plain string literal (`.target(name: "Profile")`,
    /// a helper of the app's manifests), unless the call names a dependency.
    private func manifestName(in call: FunctionCallExprSyntax) -> String? {
        let callee = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        guard !Self.dependencyDeclarations.contains(callee ?? ""),
            let argument = call.arguments.first(where: { $0.label?.text == "name" }),
            let literal = argument.expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            let text = literal.segments.first?.as(StringSegmentSyntax.self)?.content.text, !text.isEmpty
        else { return nil }
        return text
    }

    // MARK: Views

    /// The store values a view modifier's arguments read: `buttonScale` in
    /// `.scaleEffect(viewStore.buttonScale)`, `flipRotation` in `.rotation3DEffect(.degrees(
    /// store.flipRotation), axis: …)`, `blurRadius` in an app's own `.autoBlur(radius:
    /// store.appLock.blurRadius)`, `rowOpacity` in `.animation(.default, value: store.rowOpacity)`.
    /// A view passes them to what draws it; a value only printed (`Text("\(store.scale)x")`) or
    /// sent back (`store.send(…)`) is not drawn.
    private static func animatedStoreValues(of call: FunctionCallExprSyntax, source: SourceText) -> [String] {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            !nonDrawingModifiers.contains(member.declName.baseName.text),
            !["store", "viewStore", "self.store"].contains(source.trimmed(base))
        else { return [] }
        return call.arguments.flatMap { storeValues(in: source.trimmed($0.expression)) }
    }

    /// The names read from the store in `text`, the last of each chain: `x` of `store.x`,
    /// `viewStore.x`, `store.state.x` or `store.child.x`.
    static func storeValues(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let dot = rest.firstIndex(of: ".") {
            let before = rest[..<dot].reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            var after = rest[rest.index(after: dot)...]
            if ["store", "viewStore"].contains(String(before.reversed())) {
                var last: Substring = ""
                while true {
                    let name = after.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    guard !name.isEmpty else { break }
                    last = name
                    after = after[name.endIndex...]
                    guard after.first == ".", let next = after.dropFirst().first, next.isLetter else { break }
                    after = after.dropFirst()
                }
                if last.first?.isLowercase == true { found.append(String(last)) }
            }
            rest = rest[rest.index(after: dot)...]
        }
        return found
    }

    /// Modifiers whose arguments are not drawn: they react to a value, name or identify a view.
    static let nonDrawingModifiers: Set<String> = [
        "onChange", "onReceive", "task", "id", "tag", "send", "scope", "navigationTitle", "accessibilityLabel",
        "accessibilityValue", "accessibilityHint", "sheet", "fullScreenCover", "popover", "alert", "confirmationDialog",
        "navigationDestination", "bind", "onAppear", "onDisappear", "refreshable", "searchable",
    ]

    // MARK: Reducers and their environments

    func visit(_ node: GenericSpecializationExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            recordRoles(of: name, node.genericArgumentClause.arguments)
        }
        return .visitChildren
    }

    func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        if let arguments = node.genericArgumentClause?.arguments { recordRoles(of: node.name.text, arguments) }
        return .visitChildren
    }

    private func recordRoles(of type: String, _ arguments: GenericArgumentListSyntax) {
        guard Self.roleNamingTypes.contains(type) else { return }
        for (position, argument) in arguments.enumerated() {
            let written = source.trimmed(argument.argument)
            index.roleNames.insert(written)
            // `SystemEnvironment<AuthEnvironment>` wraps the feature's environment.
            if position == 2, let wrapped = TypeName.wrapped(written) { index.roleNames.insert(wrapped) }
        }
        if (type == "Reducer" || type == "AnyReducer") && arguments.count == 3 { index.declaresReducer = true }
    }

    /// The type a global value has: written (`let logger: Logger`), or built (`Logger(label:)`)
    /// or read from a type (`UserDefaults.standard`) by its initializer.
    private func globalType(of binding: PatternBindingSyntax) -> String? {
        if let written = binding.typeAnnotation.map({ TypeName.base(source.trimmed($0.type)) }) { return written }
        var expression = binding.initializer?.value
        while let current = expression {
            if let call = current.as(FunctionCallExprSyntax.self) {
                expression = call.calledExpression
            } else if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                expression = base
            } else if let reference = current.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                return name.first?.isUppercase == true ? name : nil
            } else {
                return nil
            }
        }
        return nil
    }

    func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        enterMember(node)
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, Self.dependencyValueNames.contains(name),
            let written = node.typeAnnotation.map({ source.trimmed($0.type) })
        {
            index.dependencyValueTypes.insert(TypeName.unqualified(TypeName.base(Self.existential(written))))
        }
        if scopes.isEmpty, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let type = globalType(of: node) {
            index.globalValueTypes[name] = type
        }
        if let written = node.typeAnnotation.map({ source.trimmed($0.type) }), ByteSearch.contains(written, "Never>") || ByteSearch.contains(written, "async -> ") {
            index.infallibleOutputs.formUnion(Self.infallibleOutputs(of: written))
        }
        guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return .visitChildren }
        let written = node.typeAnnotation?.type.as(IdentifierTypeSyntax.self).flatMap { type -> GenericArgumentListSyntax? in
            ["Reducer", "AnyReducer"].contains(type.name.text) ? type.genericArgumentClause?.arguments : nil
        }
        // Reducer values are global or static: no function's locals are recorded.
        if !scopes.contains(nil), let value = node.initializer?.value, let callee = Self.builtRoot(value),
            callee.first?.isUppercase == true, !["Reducer", "AnyReducer"].contains(callee)
        {
            index.reducerValueAliases[name] = callee
        }
        if let arguments = written ?? node.initializer.flatMap({ reducerArguments(of: $0.value) }), arguments.count == 3 {
            index.reducerEnvironments[name] = arguments.last.map { argument in
                let written = source.trimmed(argument.argument)
                return TypeName.wrapped(written) ?? written
            }
        }
        return .visitChildren
    }

    func visitPost(_ node: PatternBindingSyntax) { members.leave() }

    /// The walk enters a closure or a parameter's default value (no node is needed: only
    /// that it is inside one), whose calls run later or only for some callers.
    func enterDeferred() { members.enterDeferred() }
    func leaveDeferred() { members.leaveDeferred() }

    /// A property of a type is a member whose accessors, and whose wrapper, run when it is
    /// read or written; a stored property's initializer runs once, to set it (`static let id
    /// = UUID()` is a constant).
    private func enterMember(_ node: PatternBindingSyntax) {
        // A view's or a reducer's `body` is composed, never used as a member by other code.
        guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, name != "body", let type = memberOwner else {
            return members.enter(member: "", of: nil)
        }
        members.enter(member: name, of: node.accessorBlock == nil ? nil : type, properties: enclosingPropertyTypes)
        let attributes = node.parent?.parent?.as(VariableDeclSyntax.self)?.attributes ?? []
        for attribute in attributes {
            guard let written = attribute.as(AttributeSyntax.self).map({ source.trimmed($0.attributeName) }) else { continue }
            members.record(wrapper: TypeName.unqualified(TypeName.base(written)), ofProperty: name, in: type, into: &index)
        }
    }

    /// The generic arguments of the `Reducer<S, A, E>` an expression builds
    /// (`Reducer<S, A, E> { … }`, `Reducer<S, A, E>.combine(…)`, followed by any chain).
    /// A bare `Reducer.combine([ Reducer<S, A, E> { … }, … ])` combines reducers of its type: the
    /// first one written among its arguments says it.
    private func reducerArguments(of expression: ExprSyntax) -> GenericArgumentListSyntax? {
        var current = expression
        var combined: FunctionCallExprSyntax?
        while true {
            if let specialization = current.as(GenericSpecializationExprSyntax.self) {
                let name = specialization.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
                return name == "Reducer" || name == "AnyReducer" ? specialization.genericArgumentClause.arguments : nil
            } else if let call = current.as(FunctionCallExprSyntax.self) {
                combined = call
                current = call.calledExpression
            } else if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                current = base
            } else if let reference = current.as(DeclReferenceExprSyntax.self), ["Reducer", "AnyReducer"].contains(reference.baseName.text),
                let combined
            {
                return Self.firstReducerArguments(in: Syntax(combined.arguments))
            } else {
                return nil
            }
        }
    }

    /// The generic arguments of the first `Reducer<S, A, E>` written in `node`.
    private static func firstReducerArguments(in node: Syntax) -> GenericArgumentListSyntax? {
        if let specialization = node.as(GenericSpecializationExprSyntax.self),
            let name = specialization.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            name == "Reducer" || name == "AnyReducer", specialization.genericArgumentClause.arguments.count == 3
        {
            return specialization.genericArgumentClause.arguments
        }
        // Closures hold the reducers' bodies, not their types.
        guard !node.is(ClosureExprSyntax.self) else { return nil }
        for child in node.children(viewMode: .sourceAccurate) {
            if let found = firstReducerArguments(in: child) { return found }
        }
        return nil
    }

    func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        members.record(node, into: &index)
        if let version = Self.swiftPMiOSVersion(node) { index.iOSVersions.insert(version) }
        if isManifest, let name = manifestName(in: node) { index.manifestNames.insert(name) }
        if mentionsStoreValues { index.animatedStoreValues.formUnion(Self.animatedStoreValues(of: node, source: source)) }
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), Self.scopes(node), let base = member.base,
            let reducer = Self.valueName(before: base)
        {
            index.scopedReducers.insert(reducer)
        }
        if scopingArguments == 0, let reducer = Self.reducerGivenBuiltEnvironment(node) {
            index.reducersGivenBuiltEnvironments.insert(reducer)
        }
        if scopingArguments == parentIgnoringArguments, let type = Self.builtType(node.calledExpression), type.hasSuffix("Environment"),
            !scopes.contains(type)
        {
            index.builtEnvironments.insert(type)
        }
        return .visitChildren
    }

    func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        if isScopingEnvironment(node) {
            scopingArguments += 1
            if Self.ignoresItsParameter(node.expression) { parentIgnoringArguments += 1 }
        }
        return .visitChildren
    }

    func visitPost(_ node: LabeledExprSyntax) {
        if isScopingEnvironment(node) {
            scopingArguments -= 1
            if Self.ignoresItsParameter(node.expression) { parentIgnoringArguments -= 1 }
        }
    }

    private func isScopingEnvironment(_ argument: LabeledExprSyntax) -> Bool {
        guard argument.label?.text == "environment", let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        else { return false }
        return Self.scopes(call)
    }

    /// Whether an `environment:` closure builds the child's environment without the parent's:
    /// `{ _ in … }`, or a closure that never reads `$0`.
    static func ignoresItsParameter(_ expression: ExprSyntax) -> Bool {
        guard let closure = expression.as(ClosureExprSyntax.self) else { return false }
        guard let signature = closure.signature else { return !closure.statements.description.contains("$0") }
        if case .simpleInput(let names) = signature.parameterClause {
            return names.count == 1 && names.first?.name.tokenKind == .wildcard
        }
        return false
    }

    /// Whether a method call scopes the reducer it is called on into a parent, building the
    /// child's environment from the parent's: `pullback`/`forEach` with an `environment:`
    /// argument, or any method (an app's own `.presents(…)` combinator) given a closure as
    /// its `environment:` — a closure from the parent's environment to the child's.
    private static func scopes(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil,
            let argument = call.arguments.first(where: { $0.label?.text == "environment" })
        else { return false }
        return scopingMethods.contains(member.declName.baseName.text) || argument.expression.is(ClosureExprSyntax.self)
    }

    /// The type a chain of calls starts by building: `AddReducer` of `AddReducer { … }.binding()`.
    private static func builtRoot(_ expression: ExprSyntax) -> String? {
        var current = expression
        var called = false
        while true {
            if let call = current.as(FunctionCallExprSyntax.self) {
                called = true
                current = call.calledExpression
            } else if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                called = false
                current = base
            } else if let reference = current.as(DeclReferenceExprSyntax.self) {
                return called ? reference.baseName.text : nil
            } else {
                return nil
            }
        }
    }

    /// The reducer value a scoping chain starts from: the last name before its first call
    /// (`homeReducer` in `homeReducer.optional().pullback`, `reducer` in `Home.reducer.pullback`).
    private static func valueName(before expression: ExprSyntax) -> String? {
        // The chain's names from the outside in, each with whether it is called.
        var names: [(name: String, isCalled: Bool)] = []
        var called = false
        var current: ExprSyntax? = expression
        while let expression = current {
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                names.append((reference.baseName.text, called))
                current = nil
            } else if let member = expression.as(MemberAccessExprSyntax.self) {
                names.append((member.declName.baseName.text, called))
                called = false
                current = member.base
            } else if let call = expression.as(FunctionCallExprSyntax.self) {
                called = true
                current = call.calledExpression
            } else {
                return nil
            }
        }
        let fromRoot = Array(names.reversed())
        let beforeCall = fromRoot.indices.first { $0 + 1 < fromRoot.count && fromRoot[$0 + 1].isCalled && !fromRoot[$0].isCalled }
        return beforeCall.map { fromRoot[$0].name } ?? fromRoot.last.flatMap { $0.isCalled ? nil : $0.name }
    }

    /// The version of a SwiftPM platform `.iOS(.v17)`, `.iOS(.v16_4)` or `.iOS("17.0")`.
    private static func swiftPMiOSVersion(_ call: FunctionCallExprSyntax) -> String? {
        // `.iOS(.v17)` (SwiftPM), `.iOS("17.0")` (Tuist 4's `deploymentTargets:`),
        // `.iOS(targetVersion: "17.0", devices: …)` (Tuist 3's `deploymentTarget:`).
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.text == "iOS", let first = call.arguments.first,
            call.arguments.count == 1 || first.label?.text == "targetVersion"
        else { return nil }
        let argument = first.expression
        if let version = argument.as(MemberAccessExprSyntax.self)?.declName.baseName.text, version.hasPrefix("v") {
            return String(version.dropFirst()).replacingOccurrences(of: "_", with: ".")
        }
        if let literal = argument.as(StringLiteralExprSyntax.self), literal.segments.count == 1 {
            return literal.segments.first?.as(StringSegmentSyntax.self)?.content.text
        }
        return nil
    }

    /// The reducer value a call runs with an environment its type's implicit initializer
    /// builds in place: `signInReducer` in `Store(initialState: …, reducer: signInReducer,
    /// environment: .init(api: .mock))`.
    private static func reducerGivenBuiltEnvironment(_ call: FunctionCallExprSyntax) -> String? {
        guard let environment = call.arguments.first(where: { $0.label?.text == "environment" })?.expression.as(FunctionCallExprSyntax.self),
            let initializer = environment.calledExpression.as(MemberAccessExprSyntax.self), initializer.base == nil,
            initializer.declName.baseName.text == "init",
            let reducer = call.arguments.first(where: { $0.label?.text == "reducer" })?.expression
        else { return nil }
        return valueName(before: reducer)
    }

    /// The type a call builds by name: `HomeEnvironment(…)` or `HomeEnvironment.init(…)`.
    private static func builtType(_ callee: ExprSyntax) -> String? {
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init" {
            return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        }
        return nil
    }
}
