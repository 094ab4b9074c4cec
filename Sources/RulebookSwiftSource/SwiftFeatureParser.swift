import RulebookCore

/// The Swift-source front end: parses a spec's files with SwiftSyntax (one walk per file),
/// joins cross-file facts (a five-file legacy feature) and finds the feature's State,
/// Action and Environment types by TCA conventions in both dialects.
public enum SwiftFeatureParser {
    /// The feature model of `files`. `featureName` is the producer's grouping name (`Login`
    /// for `LoginState.swift` + `LoginAction.swift` …); `dialect` forces a dialect; `project`
    /// is what the rest of the project says about the spec's types, when known.
    public static func model(
        featureName: String, files: [SourceFile], dialect forced: Dialect? = nil, project: ProjectContext? = nil
    ) -> FeatureModel {
        var types: [TypeDecl] = []
        var extensions: [ExtensionFacts] = []
        var staticReads: [String: [String: StaticRead]] = [:]
        var generics: [ReducerGenerics] = []
        var fileFacts: [FileFacts] = []
        var problems: [ParseProblem] = []
        var scopes: [ReducerScope] = []
        var views: [ViewFacts] = []
        var extensionViews: [ViewFacts] = []
        var usesViewStore = false
        var genericTypes: Set<String> = []
        var aliases: [String: String] = [:]
        var sources: [String: String] = [:]
        for file in files {
            let facts = SwiftFileVisitor.facts(path: file.path, contents: file.contents)
            types += facts.types
            aliases.merge(facts.typeAliases) { first, _ in first }
            genericTypes.formUnion(facts.genericTypes)
            extensions += facts.extensions
            staticReads.merge(facts.staticReads) { first, _ in first }
            generics += facts.reducerGenerics
            scopes += facts.reducers
            views += facts.views
            extensionViews += facts.extensionViews
            usesViewStore = usesViewStore || facts.usesViewStore
            fileFacts.append(facts.file)
            if let problem = facts.parseProblem { problems.append(problem) }
            sources[file.path] = file.contents
        }
        types = join(extensions, into: types)
        types = typed(staticReads, in: types)
        views = join(extensionViews, into: views)
        let reducerTypes = reducerTypeNames(in: types, project: project)
        // A method taking `inout` state or returning an effect is reducer work when its type
        // is a reducer, wherever the type says so (another file, an extension, the project).
        let ofReducerTypes = scopes.filter { !$0.isReducerIfOwnerIs || $0.facts.ownerType.map(reducerTypes.contains) == true }
        let named = NamedTypes(types, aliases: aliases)
        let (modern, inferredActions) = modernRoles(in: types, reducerTypes: reducerTypes, named: named, generics: generics)
        // Helpers go to the reducers that call them first, then to setup code (whose `body` holds
        // those reducers' calls too): a helper called from a reducer is reducer work.
        let helpers = ReducerHelpers(ofReducerTypes.filter { $0.helperName != nil })
        let called = ofReducerTypes.filter { $0.helperName == nil }
        let reducers = (helpers.inline(into: called.filter { !$0.facts.isSetup }) + helpers.inline(into: called.filter(\.facts.isSetup)))
            .map { scope in withDependencies(scope, types: types) }
            .map { reducer in named.withActionTypeResolved(reducer, inferred: inferredActions) }

        // A protocol or a generic type (`BindingAction<Root>`) is never a feature's State,
        // Action or Environment.
        let legacy = legacyRoles(
            in: types.filter { $0.kind != .protocol && !genericTypes.contains($0.qualifiedName) },
            featureName: featureName, generics: generics, project: project)
        let detected: Dialect
        if !modern.isEmpty || types.contains(where: { $0.attributes.contains("ObservableState") }) {
            detected = .modern
        } else if !legacy.isEmpty || generics.contains(where: { Self.namesLegacyTypes($0.arguments) }) || usesViewStore {
            detected = .legacy
        } else {
            detected = .unknown
        }
        let dialect = forced ?? detected
        let roles = dialect == .modern ? modern : legacy
        return FeatureModel(
            name: featureName, origin: .swiftSource, dialect: dialect,
            states: roles.states, actions: roles.actions, environments: roles.environments,
            types: types, reducers: reducers.filter { !$0.isSetup }, setups: Self.setups(in: reducers), views: views,
            files: fileFacts, parseProblems: problems,
            sources: sources, project: project)
    }

    /// The setup code among `reducers`, each without the sites of the reducers it builds (a
    /// `Reduce { }` in `body` is a reducer of its own): what it does around them.
    private static func setups(in reducers: [ReducerFacts]) -> [ReducerFacts] {
        let setups = reducers.filter(\.isSetup)
        guard !setups.isEmpty else { return [] }
        let inReducers = Set(reducers.filter { !$0.isSetup }.flatMap { $0.sites.map(\.location) })
        return setups.map { setup in
            var setup = setup
            setup.sites.removeAll { inReducers.contains($0.location) }
            return setup
        }
    }

    /// Whether generic arguments name legacy types (`Store<LoginState, LoginAction>`), not a
    /// modern feature's nested ones (`Store<Login.State, Login.Action>` in a view split into
    /// its own file).
    private static func namesLegacyTypes(_ arguments: [String]) -> Bool {
        !(arguments.first.map { $0.hasSuffix(".State") } ?? false)
    }

    /// Adds what extensions declare (conformances, properties, methods) to the types they
    /// extend (never to a type declared in a function, which no extension can reach).
    private static func join(_ extensions: [ExtensionFacts], into types: [TypeDecl]) -> [TypeDecl] {
        guard !extensions.isEmpty else { return types }
        return types.map { type in
            guard !type.isFunctionLocal else { return type }
            var type = type
            for addition in extensions where addition.extendedType == type.qualifiedName || addition.extendedType == type.name {
                type.conformances += addition.conformances
                type.properties += addition.properties
                type.methods += addition.methods
            }
            return type
        }
    }

    /// Gives a stored property that reads a static member (`var offset = Self.hiddenOffset`)
    /// the member's written type, when a type of the spec declares it.
    private static func typed(_ reads: [String: [String: StaticRead]], in types: [TypeDecl]) -> [TypeDecl] {
        guard !reads.isEmpty else { return types }
        var byName: [String: TypeDecl] = [:]
        for type in types { byName[type.qualifiedName] = byName[type.qualifiedName] ?? type }
        return types.map { type in
            guard let typeReads = reads[type.qualifiedName] else { return type }
            var type = type
            type.properties = type.properties.map { property in
                guard property.isStored, let read = typeReads[property.name],
                    let source = read.base == "Self" ? type : resolve(read.base, from: type, in: byName) ?? byName[read.base],
                    let written = source.properties.first(where: { $0.isStatic && $0.name == read.member })?.type
                else { return property }
                return property.withType(written)
            }
            return type
        }
    }

    /// Adds what extensions of a view hold (its `body` in `extension FeatureView { … }`, in this
    /// file or another of the spec) to the view's facts; an extension of no view of the spec
    /// says nothing.
    private static func join(_ extensions: [ViewFacts], into views: [ViewFacts]) -> [ViewFacts] {
        guard !extensions.isEmpty else { return views }
        return views.map { view in
            var view = view
            for addition in extensions where addition.name == view.name || view.name.hasSuffix("." + addition.name) {
                view.observesViewStore = view.observesViewStore || addition.observesViewStore
                view.forwardsStore = view.forwardsStore || addition.forwardsStore
                view.animationModifiers += addition.animationModifiers
            }
            return view
        }
    }

    /// Gives a reducer its owner's `@Dependency` and other stored properties, or its
    /// environment parameter (legacy) as a pseudo-dependency named after the parameter.
    private static func withDependencies(_ scope: ReducerScope, types: [TypeDecl]) -> ReducerFacts {
        var facts = scope.facts
        if let owner = facts.ownerType, let type = types.first(where: { $0.qualifiedName == owner }) {
            // `@Dependency` members, and whatever else a reducer type stores (`let deps = Deps()`):
            // a reducer holds its dependencies.
            facts.dependencies = type.properties.filter { $0.dependencyKey != nil || $0.isStored }
        }
        if let environment = scope.environmentName {
            facts.dependencies.append(PropertyDecl(name: environment, type: nil, wrappers: ["Environment"], location: facts.location))
        }
        facts.dependencies += scope.localDependencies
        return facts
    }

    /// The qualified names of the spec's reducer types: `@Reducer`, or inheriting `Reducer` /
    /// `ReducerProtocol` or a protocol of the spec or the project that refines one, in the
    /// declaration, in an extension of the spec or one anywhere in the project.
    private static func reducerTypeNames(in types: [TypeDecl], project: ProjectContext?) -> Set<String> {
        let reducerProtocols: Set<String> = ["Reducer", "ReducerProtocol"]
        var refining = Set((project?.protocols ?? [:]).filter { !$0.value.filter(reducerProtocols.contains).isEmpty }.keys)
        let ownProtocols = types.filter { $0.kind == .protocol }
        while let next = ownProtocols.first(where: { !refining.contains($0.name) && $0.conformances.contains { name in
            let base = TypeName.unqualified(name)
            return reducerProtocols.contains(base) || refining.contains(base)
        } }) {
            refining.insert(next.name)
        }
        let fromProject = Set(project?.reducerTypes ?? [])
        let added = project?.conformances ?? [:]
        return Set(
            types.filter { type in
                guard type.kind != .protocol else { return false }
                if type.attributes.contains("Reducer") || fromProject.contains(type.qualifiedName) { return true }
                let inherited = type.isFunctionLocal ? type.conformances : type.conformances + (added[type.qualifiedName] ?? [])
                return inherited.contains { reducerProtocols.contains(TypeName.unqualified($0)) || refining.contains(TypeName.unqualified($0)) }
            }.map(\.qualifiedName))
    }

    /// Modern dialect: the `State` and `Action` that a reducer type's code names: nested in
    /// it, or in the type around it (`enum Menu { struct State … struct Reducer: … }`), as
    /// Swift looks the names up; else as Swift infers them (``inferredRole(_:at:of:named:generics:)``).
    /// With the Action each reducer type has by inference only, by the type's qualified name.
    private static func modernRoles(
        in types: [TypeDecl], reducerTypes: Set<String>, named: NamedTypes, generics: [ReducerGenerics]
    ) -> (FeatureRoles, inferredActions: [String: String]) {
        let reducers = types.filter { reducerTypes.contains($0.qualifiedName) }
        var roles = FeatureRoles()
        var inferredActions: [String: String] = [:]
        var seen: Set<String> = []
        for reducer in reducers {
            for (role, name, index) in [(\FeatureRoles.states, "State", 0), (\FeatureRoles.actions, "Action", 1)] {
                var found = resolve(name, from: reducer, in: named.byName)
                if found == nil, let inferred = inferredRole(name, at: index, of: reducer, named: named, generics: generics) {
                    found = inferred
                    if name == "Action" { inferredActions[reducer.qualifiedName] = inferred.qualifiedName }
                }
                guard let found, seen.insert(found.qualifiedName).inserted else { continue }
                roles[keyPath: role].append(found)
            }
        }
        return (roles, inferredActions)
    }

    /// The State or Action a reducer type has without declaring one, as Swift infers it: the
    /// type a member alias names (`typealias Action = PayLoginAction`), else the one every
    /// `Reducer<S, A>` written in the type names at `index` (`var body: some Reducer<RatingState,
    /// RatingAction>`, the primary associated types of its `body`).
    private static func inferredRole(
        _ name: String, at index: Int, of reducer: TypeDecl, named: NamedTypes, generics: [ReducerGenerics]
    ) -> TypeDecl? {
        if let found = named.throughAlias(name, from: reducer.qualifiedName) { return found }
        let written = Set(generics.lazy.filter { $0.scope == reducer.qualifiedName && $0.arguments.count >= 2 }.map { $0.arguments[index] })
        guard written.count == 1, let only = written.first, only != name, only != "Self.\(name)" else { return nil }
        return named.type(written: only, in: reducer.qualifiedName)
    }

    /// The type `name` resolves to inside `type`: nested in it, else in the types around it
    /// (never beyond the innermost function or the file's top level).
    private static func resolve(_ name: String, from type: TypeDecl, in types: [String: TypeDecl]) -> TypeDecl? {
        var scope = Substring(type.qualifiedName)
        let floor = type.qualifiedName.count - type.nameInScope.count
        while true {
            if let found = types["\(scope).\(name)"], found.kind != .protocol { return found }
            guard let dot = scope.lastIndex(of: "."), scope.distance(from: scope.startIndex, to: dot) >= floor else { return nil }
            scope = scope[..<dot]
        }
    }

    /// Legacy dialect: the types named by `Reducer<S, A, E>` and `Store<S, A>`, and
    /// `{Feature}State` / `{Feature}Action` / `{Feature}Environment` unless the project's
    /// reducers leave the name out of every role (a `GalleryState` model in an app whose
    /// reducers never name it); each declared outside any type (at file scope, or directly in
    /// a function body), or, for a `Reducer<S, A, E>` written inside a type or its extension
    /// (`extension Feature { static let reducer = Reducer<State, Action, Environment> … }`),
    /// the types its arguments name there, as Swift looks them up (`Feature.Environment`).
    private static func legacyRoles(
        in types: [TypeDecl], featureName: String, generics: [ReducerGenerics], project: ProjectContext?
    ) -> FeatureRoles {
        let byName = { (name: String) -> Set<String> in project?.rulesOutRole(named: name) == true ? [] : [name] }
        var stateNames = byName("\(featureName)State")
        var actionNames = byName("\(featureName)Action")
        var environmentNames = byName("\(featureName)Environment")
        var scoped: [(role: WritableKeyPath<FeatureRoles, [TypeDecl]>, type: TypeDecl)] = []
        var byQualifiedName: [String: TypeDecl] = [:]
        for type in types { byQualifiedName[type.qualifiedName] = byQualifiedName[type.qualifiedName] ?? type }
        for generic in generics {
            let arguments = generic.arguments
            if arguments.count > 0 { stateNames.insert(arguments[0]) }
            if arguments.count > 1 { actionNames.insert(arguments[1]) }
            if arguments.count > 2 {
                // `SystemEnvironment<AuthEnvironment>` wraps the feature's environment.
                environmentNames.insert(arguments[2])
                if let wrapped = TypeName.wrapped(arguments[2]) { environmentNames.insert(wrapped) }
            }
            guard arguments.count == 3, !generic.scope.isEmpty else { continue }
            for (role, name) in zip([\FeatureRoles.states, \FeatureRoles.actions, \FeatureRoles.environments], arguments) {
                if let found = resolve(name, fromScope: generic.scope, in: byQualifiedName), found.nameInScope != found.name {
                    scoped.append((role, found))
                }
            }
        }
        var roles = FeatureRoles()
        for type in types where type.nameInScope == type.name {
            if stateNames.contains(type.name) { roles.states.append(type) }
            if actionNames.contains(type.name) { roles.actions.append(type) }
            if environmentNames.contains(type.name) { roles.environments.append(type) }
        }
        for (role, type) in scoped where !roles[keyPath: role].contains(where: { $0.qualifiedName == type.qualifiedName }) {
            roles[keyPath: role].append(type)
        }
        return roles
    }

    /// The type `name` (as written, `Environment` or `Feature.Environment`) resolves to from
    /// `scope` (a dotted path of types): nested there, else in the scopes around it.
    private static func resolve(_ name: String, fromScope scope: String, in types: [String: TypeDecl]) -> TypeDecl? {
        TypeName.scopes(outwardFrom: scope).lazy.compactMap { current in
            types[current.isEmpty ? name : "\(current).\(name)"].flatMap { $0.kind != .protocol ? $0 : nil }
        }.first
    }
}

/// The types that play the TCA roles in one feature.
private struct FeatureRoles {
    var states: [TypeDecl] = []
    var actions: [TypeDecl] = []
    var environments: [TypeDecl] = []

    var isEmpty: Bool { states.isEmpty && actions.isEmpty && environments.isEmpty }
}
