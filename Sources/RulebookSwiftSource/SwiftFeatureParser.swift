import RulebookCore

/// The Swift-source front end: parses a spec's files with SwiftSyntax (one walk per file),
/// joins cross-file facts (a five-file legacy feature) and finds the feature's State,
/// Action and Environment types by TCA conventions in both dialects.
public enum SwiftFeatureParser {
    /// The feature model of `files`. `featureName` is the producer's grouping name (`Login`
    /// for `LoginState.swift` + `LoginAction.swift` …); `dialect` forces a dialect.
    public static func model(
        featureName: String, files: [SourceFile], dialect forced: Dialect? = nil
    ) -> FeatureModel {
        var types: [TypeDecl] = []
        var extensions: [(extendedType: String, conformances: [String])] = []
        var generics: [[String]] = []
        var fileFacts: [FileFacts] = []
        var problems: [ParseProblem] = []
        var usesViewStore = false
        var sources: [String: String] = [:]
        for file in files {
            let facts = SwiftFileVisitor.facts(path: file.path, contents: file.contents)
            types += facts.types
            extensions += facts.extensionConformances
            generics += facts.reducerGenerics
            usesViewStore = usesViewStore || facts.usesViewStore
            fileFacts.append(FileFacts(path: file.path, imports: facts.imports))
            if let problem = facts.parseProblem { problems.append(problem) }
            sources[file.path] = file.contents
        }
        types = joinExtensions(extensions, into: types)

        let modern = modernRoles(in: types)
        let legacy = legacyRoles(in: types, featureName: featureName, generics: generics)
        let detected: Dialect
        if !modern.isEmpty || types.contains(where: { $0.attributes.contains("ObservableState") }) {
            detected = .modern
        } else if !legacy.isEmpty || !generics.isEmpty || usesViewStore {
            detected = .legacy
        } else {
            detected = .unknown
        }
        let dialect = forced ?? detected
        let roles = dialect == .modern ? modern : legacy
        return FeatureModel(
            name: featureName, origin: .swiftSource, dialect: dialect,
            states: roles.states, actions: roles.actions, environments: roles.environments,
            types: types, files: fileFacts, parseProblems: problems, sources: sources)
    }

    /// Adds conformances declared in extensions to the types they extend.
    private static func joinExtensions(
        _ extensions: [(extendedType: String, conformances: [String])], into types: [TypeDecl]
    ) -> [TypeDecl] {
        guard !extensions.isEmpty else { return types }
        return types.map { type in
            var type = type
            for (extended, conformances) in extensions
            where extended == type.qualifiedName || extended == type.name {
                type.conformances += conformances
            }
            return type
        }
    }

    /// Modern dialect: `State` / `Action` nested in a `@Reducer` type or a type conforming to
    /// `Reducer` / `ReducerProtocol`.
    private static func modernRoles(in types: [TypeDecl]) -> FeatureRoles {
        let reducers = types.filter { type in
            type.attributes.contains("Reducer")
                || type.conformances.contains { ["Reducer", "ReducerProtocol"].contains(TypeName.unqualified($0)) }
        }
        var roles = FeatureRoles()
        for reducer in reducers {
            let prefix = reducer.qualifiedName + "."
            for type in types where type.qualifiedName.hasPrefix(prefix) && !type.qualifiedName.dropFirst(prefix.count).contains(".") {
                switch type.name {
                case "State": roles.states.append(type)
                case "Action": roles.actions.append(type)
                default: break
                }
            }
        }
        return roles
    }

    /// Legacy dialect: top-level `{Feature}State` / `{Feature}Action` / `{Feature}Environment`,
    /// or the types named by `Reducer<S, A, E>` and `Store<S, A>`.
    private static func legacyRoles(in types: [TypeDecl], featureName: String, generics: [[String]]) -> FeatureRoles {
        var stateNames: Set<String> = ["\(featureName)State"]
        var actionNames: Set<String> = ["\(featureName)Action"]
        var environmentNames: Set<String> = ["\(featureName)Environment"]
        for arguments in generics {
            if arguments.count > 0 { stateNames.insert(arguments[0]) }
            if arguments.count > 1 { actionNames.insert(arguments[1]) }
            if arguments.count > 2 { environmentNames.insert(arguments[2]) }
        }
        var roles = FeatureRoles()
        for type in types where type.qualifiedName == type.name {
            if stateNames.contains(type.name) { roles.states.append(type) }
            if actionNames.contains(type.name) { roles.actions.append(type) }
            if environmentNames.contains(type.name) { roles.environments.append(type) }
        }
        return roles
    }
}

/// The types that play the TCA roles in one feature.
private struct FeatureRoles {
    var states: [TypeDecl] = []
    var actions: [TypeDecl] = []
    var environments: [TypeDecl] = []

    var isEmpty: Bool { states.isEmpty && actions.isEmpty && environments.isEmpty }
}
