import RulebookCore

/// Members an `extension` adds to a type declared elsewhere in the spec.
struct ExtensionFacts {
    var extendedType: String
    var conformances: [String]
    var properties: [PropertyDecl]
    var methods: [MethodDecl]
}

/// The types a reducer's code names for its Action and Environment, as written.
struct ReducerTypes {
    var action: String?
    var environment: String?
}

/// A reducer body found in a file, before its owner's dependencies are joined.
struct ReducerScope {
    var facts: ReducerFacts
    /// The closure's environment parameter (legacy), e.g. `environment`.
    var environmentName: String?
}

/// What one walk over one Swift file collects, before a spec's files are joined.
struct SwiftFileFacts {
    /// Every type declared in the file, outer types first.
    var types: [TypeDecl] = []
    /// What extensions add.
    var extensions: [ExtensionFacts] = []
    /// Generic arguments of `Reducer<S, A, E>` / `AnyReducer<S, A, E>` / `Store<S, A>` uses.
    var reducerGenerics: [[String]] = []
    /// Imports, top-level types, type references and glass uses.
    var file: FileFacts
    /// Reducer bodies.
    var reducers: [ReducerScope] = []
    /// SwiftUI views.
    var views: [ViewFacts] = []
    /// Qualified names of the generic types declared in the file (`BindingAction<Root>`): a
    /// feature's State, Action or Environment is never generic.
    var genericTypes: Set<String> = []
    /// Whether legacy view APIs (`WithViewStore`, `ViewStore`) appear.
    var usesViewStore = false
    /// The first syntax problem the parser recovered from.
    var parseProblem: ParseProblem?
}
