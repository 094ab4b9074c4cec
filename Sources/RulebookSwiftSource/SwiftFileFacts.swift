import RulebookCore

/// What one walk over one Swift file collects, before a spec's files are joined.
struct SwiftFileFacts {
    /// Every type declared in the file, outer types first.
    var types: [TypeDecl] = []
    /// Conformances added by `extension X: P` (extended type as written → protocols).
    var extensionConformances: [(extendedType: String, conformances: [String])] = []
    /// Generic arguments of `Reducer<S, A, E>` / `AnyReducer<S, A, E>` / `Store<S, A>` uses.
    var reducerGenerics: [[String]] = []
    /// Imported modules.
    var imports: [String] = []
    /// Whether legacy view APIs (`WithViewStore`, `ViewStore`) appear.
    var usesViewStore = false
    /// The first syntax problem the parser recovered from.
    var parseProblem: ParseProblem?
}
