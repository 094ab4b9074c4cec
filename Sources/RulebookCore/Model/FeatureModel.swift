/// Where a spec came from.
public enum SpecOrigin: String, Codable, Sendable {
    /// Swift files scanned from disk (or pushed with their contents).
    case swiftSource = "swift-source"
    /// A declared JSON description of a planned feature.
    case declared
}

/// One TCA feature as the rules see it, whichever front end (Swift source or declared
/// spec) produced it.
public struct FeatureModel: Sendable {
    /// The feature's name (`Login`).
    public var name: String
    /// Where the spec came from.
    public var origin: SpecOrigin
    /// Detected or declared dialect.
    public var dialect: Dialect
    /// The feature's State types (usually one).
    public var states: [TypeDecl]
    /// The feature's Action types (usually one).
    public var actions: [TypeDecl]
    /// The feature's Environment types (legacy dialect).
    public var environments: [TypeDecl]
    /// Every type declared in the spec, including the ones above.
    public var types: [TypeDecl]
    /// The feature's reducers.
    public var reducers: [ReducerFacts]
    /// The setup code of its reducer types, apart from its reducers: their initializers and
    /// their `body` as written around the reducers it composes (`Scope { Child(client: …) }`),
    /// which run when the feature is built, not on an action. Only what a reducer takes from
    /// there is judged (a container asked for a dependency, `reducer-direct-dependency`).
    public var setups: [ReducerFacts]
    /// The feature's SwiftUI views.
    public var views: [ViewFacts]
    /// Per-file facts.
    public var files: [FileFacts]
    /// Problems the front end met but recovered from (reported as `source-parse-error`).
    public var parseProblems: [ParseProblem]
    /// The text of each source file by path, for fingerprints (empty for declared specs).
    public var sources: [String: String]
    /// What the rest of the project says about the feature's types; `nil` when the spec was
    /// checked on its own.
    public var project: ProjectContext?

    public init(
        name: String, origin: SpecOrigin, dialect: Dialect, states: [TypeDecl] = [],
        actions: [TypeDecl] = [], environments: [TypeDecl] = [], types: [TypeDecl] = [],
        reducers: [ReducerFacts] = [], setups: [ReducerFacts] = [], views: [ViewFacts] = [],
        files: [FileFacts] = [], parseProblems: [ParseProblem] = [], sources: [String: String] = [:],
        project: ProjectContext? = nil
    ) {
        self.name = name
        self.origin = origin
        self.dialect = dialect
        self.states = states
        self.actions = actions
        self.environments = environments
        self.types = types
        self.reducers = reducers
        self.setups = setups
        self.views = views
        self.files = files
        self.parseProblems = parseProblems
        self.sources = sources
        self.project = project
    }
}

/// A syntax problem the parser recovered from.
public struct ParseProblem: Codable, Hashable, Sendable {
    /// What is wrong.
    public var message: String
    /// Where.
    public var location: SourceLocation

    public init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }
}
