import RulebookCore

/// Members an `extension` adds to a type declared elsewhere in the spec.
struct ExtensionFacts {
    var extendedType: String
    var conformances: [String]
    var properties: [PropertyDecl]
    var methods: [MethodDecl]
}

/// The generic arguments of a `Reducer<S, A, E>`, `Reduce<S, A>` or `Store<S, A>`, as written,
/// with the types around them: `Environment` written in `extension Feature { … }` is
/// `Feature.Environment` when the spec declares one.
struct ReducerGenerics {
    var arguments: [String]
    /// The dotted path of the types and extensions around the use (`Feature`), functions left out.
    var scope: String
}

/// A static member a stored property's initializer reads (`Self.hiddenOffset`).
struct StaticRead: Hashable {
    /// The type it is read from as written (`Self`, `Layout`).
    var base: String
    var member: String
}

/// The types a reducer's code names for its Action and Environment, as written.
struct ReducerTypes {
    var action: String?
    var environment: String?
}

extension ReducerTypes {
    /// The types a reducer's generic arguments name (`Reducer<S, A, E>`: `A` and `E`).
    init(arguments: [String]) {
        self.init(action: arguments.count >= 2 ? arguments[1] : nil, environment: arguments.count >= 3 ? arguments[2] : nil)
    }
}

/// A reducer body found in a file, before its owner's dependencies are joined.
struct ReducerScope {
    var facts: ReducerFacts
    /// The closure's environment parameter (legacy), e.g. `environment`.
    var environmentName: String?
    /// `@Dependency` locals declared around or in the body (`@Dependency(\.toast) var toast`
    /// in the `init()` that builds the `Reduce`).
    var localDependencies: [PropertyDecl] = []
    /// A method of a type that takes `inout` state or returns an effect: reducer work only if
    /// its type turns out to be a reducer, which the spec as a whole tells
    /// (``SwiftFeatureParser``), not the file it is in.
    var isReducerIfOwnerIs = false
    /// A method of a type that is no reducer body itself (`private func trimVideo(_:) async
    /// throws -> URL`), by name: what it does belongs to the reducer of its type that calls it
    /// (`self.trimVideo(url)`), in the body or in an effect as the call is
    /// (``SwiftFeatureParser``); `nil` for a reducer body.
    var helperName: String?
    /// The helper's body is one expression that it returns (`-> Result { client.lookup(x) }`).
    var returnsItsExpression = false
}

/// What one walk over one Swift file collects, before a spec's files are joined.
struct SwiftFileFacts {
    /// Every type declared in the file, outer types first.
    var types: [TypeDecl] = []
    /// What extensions add.
    var extensions: [ExtensionFacts] = []
    /// Stored properties typed by the static member their initializer reads, by qualified
    /// type name and property name.
    var staticReads: [String: [String: StaticRead]] = [:]
    /// Generic arguments of `Reducer<S, A, E>` / `AnyReducer<S, A, E>` / `Store<S, A>` uses.
    var reducerGenerics: [ReducerGenerics] = []
    /// Imports, top-level types, type references and glass uses.
    var file: FileFacts
    /// Reducer bodies.
    var reducers: [ReducerScope] = []
    /// SwiftUI views.
    var views: [ViewFacts] = []
    /// What extensions that may belong to a view hold (one that conforms to `View` or has a
    /// `body`), named by the extended type as written: joined to the view's facts when the
    /// spec declares it (``SwiftFeatureParser``), wherever its `body` is.
    var extensionViews: [ViewFacts] = []
    /// Qualified names of the generic types declared in the file (`BindingAction<Root>`): a
    /// feature's State, Action or Environment is never generic.
    var genericTypes: Set<String> = []
    /// Type aliases declared inside a type, by qualified name, with the type they name as
    /// written (`PayLogin.Action` → `PayLoginAction` for `typealias Action = PayLoginAction`
    /// in `struct PayLogin`): a feature whose State and Action live beside it.
    var typeAliases: [String: String] = [:]
    /// Whether legacy view APIs (`WithViewStore`, `ViewStore`) appear.
    var usesViewStore = false
    /// The first syntax problem the parser recovered from.
    var parseProblem: ParseProblem?
}
