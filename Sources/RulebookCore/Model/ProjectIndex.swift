/// Every file of a project, merged: answers each spec's ``ProjectContext``. Pure: the
/// producer reads the files and the front end indexes them.
///
/// Names are not unique in a project (two features' `WeatherEnvironment`, two modules'
/// `counterReducer`): a fact written in one file about a name is about the declaration of
/// that name nearest to it by folder (the longest shared folder path), as an extension
/// usually sits in its type's module. Ties keep the fact for each.
public struct ProjectIndex: Sendable {
    /// A fact about `name` written in the file at `path`.
    private struct Located: Sendable {
        var name: String
        var values: [String]
        var path: String
    }

    private var hasReducers = false
    private var roleNames: Set<String> = []
    /// Where each type name is declared.
    private var declarations: [String: [String]] = [:]
    private var staticMembers: [Located] = []
    private var conformances: [Located] = []
    private var derivedEnvironments: [Located] = []
    private var builtEnvironments: [Located] = []
    private var protocols: [String: [String]] = [:]
    private var minimumIOSVersion: String?
    private var stateComputedProperties: [String: Set<String>] = [:]
    /// Where each type declared outside any function is declared, by qualified name.
    var typeDeclarations: [String: [String]] = [:]
    /// The layer of each top-level type whose declarations all sit in folders of one layer
    /// (`""`: no layer), worked out once rather than for every spec that mentions the type.
    private var agreedLayers: [String: String] = [:]
    /// Every type the project shows is a reducer, by qualified name: it inherits `Reducer`
    /// (or `@Reducer`), or a protocol or alias of the project that refines it, in its
    /// declaration or in an extension anywhere.
    private(set) var reducerTypes: Set<String> = []
    /// Every type the project shows is a SwiftUI view (it inherits `View`, in its declaration
    /// or an extension), by qualified name.
    private(set) var viewTypes: Set<String> = []
    /// Names of the project's protocols and aliases that refine TCA's `Reducer`.
    private(set) var reducerProtocols: Set<String> = []
    private var globalValueTypes: [String: String] = [:]
    /// The type of each dependency of `DependencyValues`, by its key path's name.
    private var dependencyValues: [String: String] = [:]
    /// Every member of the project's types that touches the world, itself or through the
    /// members it calls (``MemberUsers/closure(of:sameTypeOnly:)``), by `Type.member`.
    private var effectfulMembers = MentionableMembers()
    /// Every member that writes a log, in its body or through a member of its own type
    /// (``MemberUsers/closure(of:sameTypeOnly:)``), by `Type.member`.
    private var loggingMembers = MentionableMembers()
    /// The names a spec's text can mention that the project knows a fact about, by kind.
    private var mentionable = NamesByKey<Mentionable>()
    /// The modules of the app (``AppModules``).
    let appModules: AppModules

    /// The kinds of ``mentionable`` names: types with a failure (by their outermost name), the
    /// outputs of effects that cannot fail (by unqualified name), the States
    /// ``stateComputedProperties`` knows (by outermost name), top-level type names (by
    /// themselves: what a text mentions when it uses one), enums of cases (by outermost name),
    /// animated store values, enum case names, global values, dependency value types, the
    /// app's view modifiers, the keys of members that touch the world or write a log, classes
    /// and actors, and reducer types (these four by the outermost name of their type), and the
    /// names of `DependencyValues` members.
    private enum Mentionable: Hashable, Sendable {
        case failableType, infallibleOutput, stateType, topLevelType, caseEnum, animatedStoreValue, enumCaseName
        case globalValue, dependencyValueType, viewModifier, effectfulMember, loggingMember, referenceType, reducerType
        case dependencyValue
    }

    /// The index of `files`; `iOSVersions` are deployment targets the project's build
    /// settings set elsewhere (Xcode projects).
    public init(_ files: [FileIndex], iOSVersions: [String] = []) {
        var versions = iOSVersions
        var failable: Set<String> = []
        var infallible: Set<String> = []
        var reducers: [Located] = []
        var scoped: [Located] = []
        var givenBuilt: [Located] = []
        var enums: Set<String> = []
        var animated: Set<String> = []
        var cases: Set<String> = []
        var dependencies: Set<String> = []
        var aliases: [String: String] = [:]
        var memberEffects: [String: String] = [:]
        var memberCalls: [String: Set<String>] = [:]
        var memberLogs: [String: String] = [:]
        var modifiers: Set<String> = []
        var references: Set<String> = []
        var dependencyValues: [String: String] = [:]
        for file in files { aliases.merge(file.reducerAliases) { first, _ in first } }
        for file in files {
            hasReducers = hasReducers || file.declaresReducer
            roleNames.formUnion(file.roleNames)
            for name in file.declaredTypes { declarations[name, default: []].append(file.path) }
            staticMembers += file.extensionStaticMembers.map { Located(name: $0.key, values: $0.value.sorted(), path: file.path) }
            conformances += file.extensionConformances.map { Located(name: $0.key, values: $0.value.sorted(), path: file.path) }
            builtEnvironments += file.builtEnvironments.map { Located(name: $0, values: [], path: file.path) }
            reducers += file.reducerEnvironments.map { Located(name: $0.key, values: [$0.value], path: file.path) }
            reducers += file.reducerValueAliases.compactMap { value, alias in
                aliases[alias].map { Located(name: value, values: [$0], path: file.path) }
            }
            scoped += file.scopedReducers.map { Located(name: $0, values: [], path: file.path) }
            givenBuilt += file.reducersGivenBuiltEnvironments.map { Located(name: $0, values: [], path: file.path) }
            protocols.merge(file.protocols) { first, _ in first }
            failable.formUnion(file.failableTypes)
            versions += file.iOSVersions
            infallible.formUnion(file.infallibleOutputs)
            stateComputedProperties.merge(file.stateComputedProperties) { $0.union($1) }
            for name in file.typeInheritance.keys { typeDeclarations[name, default: []].append(file.path) }
            enums.formUnion(file.caseEnums)
            animated.formUnion(file.animatedStoreValues)
            cases.formUnion(file.enumCaseNames)
            globalValueTypes.merge(file.globalValueTypes) { first, _ in first }
            dependencies.formUnion(file.dependencyValueTypes)
            memberEffects.merge(file.memberEffects) { first, _ in first }
            memberCalls.merge(file.memberCalls) { $0.union($1) }
            memberLogs.merge(file.memberLogs) { first, _ in first }
            modifiers.formUnion(file.viewModifiers)
            references.formUnion(file.referenceTypes)
            dependencyValues.merge(file.dependencyValues) { first, _ in first }
        }
        mentionable.file(modifiers, as: .viewModifier, key: { $0 })
        mentionable.file(references, as: .referenceType, key: Self.outermostName(of:))
        mentionable.file(dependencyValues.keys, as: .dependencyValue, key: { $0 })
        self.dependencyValues = dependencyValues
        let users = MemberUsers(memberCalls)
        effectfulMembers = MentionableMembers(users.closure(of: memberEffects, sameTypeOnly: false))
        loggingMembers = MentionableMembers(users.closure(of: memberLogs, sameTypeOnly: true))
        mentionable.file(effectfulMembers.keys, as: .effectfulMember, key: Self.outermostName(of:))
        mentionable.file(loggingMembers.keys, as: .loggingMember, key: Self.outermostName(of:))
        appModules = AppModules(files)
        let topLevel = typeDeclarations.filter { !$0.key.utf8.contains(UInt8(ascii: ".")) }
        mentionable.file(topLevel.keys, as: .topLevelType, key: { $0 })
        agreedLayers = Self.agreedLayers(of: topLevel, modules: appModules)
        mentionable.file(enums, as: .caseEnum, key: Self.outermostName(of:))
        mentionable.file(animated, as: .animatedStoreValue, key: { $0 })
        mentionable.file(cases, as: .enumCaseName, key: { $0 })
        mentionable.file(globalValueTypes.keys, as: .globalValue, key: { $0 })
        mentionable.file(dependencies, as: .dependencyValueType, key: { $0 })
        reducerProtocols = Set(protocols.keys.filter { name in !allRefinements(of: name).isDisjoint(with: Self.tcaReducerProtocols) })
        reducerTypes = Self.types(in: files, inheriting: Self.tcaReducerProtocols.union(reducerProtocols))
        mentionable.file(reducerTypes, as: .reducerType, key: Self.outermostName(of:))
        viewTypes = Self.types(in: files, inheriting: ["View"])
        minimumIOSVersion = versions.min(by: ProjectContext.isLowerVersion)
        mentionable.file(failable, as: .failableType, key: Self.outermostName(of:))
        mentionable.file(infallible, as: .infallibleOutput, key: TypeName.unqualified)
        mentionable.file(stateComputedProperties.keys, as: .stateType, key: Self.outermostName(of:))
        // A scoped reducer is the nearest reducer value of that name; its environment is
        // derived, a fact about the environment written where the reducer is declared.
        for scoping in scoped {
            for reducer in Self.nearest(scoping.name, among: reducers, to: scoping.path) {
                derivedEnvironments += reducer.values.map { Located(name: $0, values: [], path: reducer.path) }
            }
        }
        // A reducer run with `environment: .init(…)` has its environment built directly.
        for use in givenBuilt {
            for reducer in Self.nearest(use.name, among: reducers, to: use.path) {
                builtEnvironments += reducer.values.map { Located(name: $0, values: [], path: reducer.path) }
            }
        }
    }

    /// The context of the spec made of `files` (with their `texts`): what the project says
    /// about the types they declare, the protocols they inherit, and the types they mention
    /// (an identifier of their text, a superset of what they use).
    public func context(for files: [FileIndex], texts: [String] = []) -> ProjectContext {
        let mentioned = MentionedNames(texts)
        let named = mentionable.mentioned(in: mentioned)
        func mentions(_ kind: Mentionable) -> [String] { named[kind] ?? [] }
        var declared: [String: Set<String>] = [:]
        var inherited: Set<String> = []
        for file in files {
            for name in file.declaredTypes { declared[name, default: []].insert(file.path) }
            inherited.formUnion(file.inheritedNames)
        }
        /// The facts that are about the spec's own declaration of their name.
        func about(_ facts: [Located]) -> [Located] {
            facts.filter { fact in
                guard let mine = declared[fact.name] else { return false }
                return !mine.isDisjoint(with: Self.nearest(declarations[fact.name] ?? [], to: fact.path))
            }
        }
        func grouped(_ facts: [Located]) -> [String: [String]] {
            Dictionary(about(facts).map { ($0.name, $0.values) }, uniquingKeysWith: +).mapValues { Array(Set($0)).sorted() }
        }
        var refinements: [String: [String]] = [:]
        for name in inherited where protocols[name] != nil {
            refinements[name] = allRefinements(of: name).sorted()
        }
        let addedConformances = grouped(conformances)
        let ownReducers = files.flatMap { file in
            file.typeInheritance.filter { name, inherits in
                isReducer(inheriting: inherits + (addedConformances[name] ?? []))
            }.keys
        }
        var context = ProjectContext(
            hasReducers: hasReducers, featureTypes: declared.keys.filter(roleNames.contains).sorted(),
            derivedEnvironments: Set(about(derivedEnvironments).map(\.name)).sorted(),
            directlyBuiltEnvironments: Set(about(builtEnvironments).map(\.name)).sorted(),
            staticMembers: grouped(staticMembers), conformances: grouped(conformances), protocols: refinements,
            failableTypes: mentions(.failableType).sorted(),
            minimumIOSVersion: minimumIOSVersion,
            infallibleTypes: mentions(.infallibleOutput).sorted(),
            stateComputedProperties: Dictionary(
                uniqueKeysWithValues: mentions(.stateType).map { ($0, stateComputedProperties[$0, default: []].sorted()) }))
        context.reducerTypes = Set(ownReducers).union(mentions(.reducerType)).sorted()
        context.typeLayers = layers(ofTypes: mentions(.topLevelType), near: files.first?.path ?? "")
        context.appModules = appModules.layers(of: Set(files.flatMap(\.importedModules)))
        for file in files where ArchitectureLayer.of(path: file.path) == nil {
            if let layer = appModules.moduleLayer(ofFile: file.path) { context.fileLayers[file.path] = layer.rawValue }
        }
        context.caseEnums = mentions(.caseEnum).sorted()
        context.animatedStoreValues = mentions(.animatedStoreValue).sorted()
        context.enumCaseNames = mentions(.enumCaseName).sorted()
        context.globalValueTypes = Dictionary(uniqueKeysWithValues: mentions(.globalValue).map { ($0, globalValueTypes[$0, default: ""]) })
        context.dependencyTypes = mentions(.dependencyValueType).sorted()
        context.appViewModifiers = mentions(.viewModifier).sorted()
        context.referenceTypes = mentions(.referenceType).sorted()
        context.dependencyValues = Dictionary(uniqueKeysWithValues: mentions(.dependencyValue).map { ($0, dependencyValues[$0, default: ""]) })
        // A member the spec can use: its type and its name are in the spec's text (an
        // initializer is called by its type's name alone).
        context.effectfulMembers = effectfulMembers.mentioned(mentions(.effectfulMember), in: mentioned, initializersByTypeName: true)
        context.loggingMembers = loggingMembers.mentioned(mentions(.loggingMember), in: mentioned, initializersByTypeName: false)
        return context
    }

    /// TCA's reducer protocols: what a reducer type conforms to.
    static let tcaReducerProtocols: Set<String> = ["Reducer", "ReducerProtocol"]

    /// Whether a type that inherits `names` is a reducer.
    func isReducer(inheriting names: [String]) -> Bool {
        names.contains { Self.tcaReducerProtocols.contains($0) || reducerProtocols.contains($0) }
    }

    /// Every type of `files` that inherits one of `protocols`, in its declaration or in an
    /// extension anywhere (`extension Feature: Reducer`).
    private static func types(in files: [FileIndex], inheriting protocols: Set<String>) -> Set<String> {
        var found: Set<String> = []
        for file in files {
            for (name, inherits) in file.typeInheritance where inherits.contains(where: protocols.contains) { found.insert(name) }
            for (name, added) in file.extensionConformances where added.contains(where: protocols.contains) { found.insert(name) }
        }
        return found
    }

    /// The layer of the folder that declares each of `names` (`""` for a folder of no layer),
    /// for the names the project declares: the nearest declaration to `path` when several
    /// disagree.
    private func layers(ofTypes names: [String], near path: String) -> [String: String] {
        var layers: [String: String] = [:]
        for name in names {
            if let layer = agreedLayers[name] {
                layers[name] = layer
                continue
            }
            guard let paths = typeDeclarations[name], !paths.isEmpty else { continue }
            let found = Set(Self.nearest(paths, to: path).map { appModules.layer(ofFile: $0)?.rawValue ?? "" })
            if found.count == 1, let layer = found.first { layers[name] = layer }
        }
        return layers
    }

    /// The layer of each name whose declarations (`paths`) all sit in folders of one layer.
    private static func agreedLayers(of declarations: [String: [String]], modules: AppModules) -> [String: String] {
        var layerOfFolder: [String: String] = [:]
        var agreed: [String: String] = [:]
        for (name, paths) in declarations {
            let found = Set(paths.map { path in
                let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
                if let known = layerOfFolder[folder] { return known }
                let layer = modules.layer(ofFile: path)?.rawValue ?? ""
                layerOfFolder[folder] = layer
                return layer
            })
            if found.count == 1, let layer = found.first { agreed[name] = layer }
        }
        return agreed
    }

    /// The first name of a qualified one (`Flag` of `Flag.Output`): what a text that uses the
    /// type mentions.
    private static func outermostName(of qualified: String) -> String {
        String(qualified.split(separator: ".").first ?? Substring(qualified))
    }

    /// The facts about `name` among `facts` written in the files nearest to `path`.
    private static func nearest(_ name: String, among facts: [Located], to path: String) -> [Located] {
        let candidates = facts.filter { $0.name == name }
        return Self.nearest(candidates.map(\.path), to: path).flatMap { path in candidates.filter { $0.path == path } }
    }

    /// The paths among `paths` that share the longest folder path with `path`.
    static func nearest(_ paths: [String], to path: String) -> Set<String> {
        let folders = Array(path.split(separator: "/").dropLast())
        var best = -1
        var found: Set<String> = []
        for candidate in paths {
            let shared = zip(candidate.split(separator: "/").dropLast(), folders).prefix { $0 == $1 }.count
            if shared > best {
                best = shared
                found = [candidate]
            } else if shared == best {
                found.insert(candidate)
            }
        }
        return found
    }

    /// Every protocol `name` refines, through the project's protocols.
    private func allRefinements(of name: String) -> Set<String> {
        var found: Set<String> = []
        var pending = protocols[name] ?? []
        while let next = pending.popLast() {
            guard found.insert(next).inserted else { continue }
            pending += protocols[next] ?? []
        }
        return found
    }
}
