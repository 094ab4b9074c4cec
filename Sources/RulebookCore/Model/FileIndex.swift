/// What one Swift file tells about the project beyond its own features: the facts
/// ``ProjectIndex`` gathers for ``ProjectContext``. Filled by the Swift front end.
public struct FileIndex: Codable, Hashable, Sendable {
    /// The file's path: where a fact is written decides which of several same-named types
    /// it is about (the nearest, by folder).
    public var path = ""
    /// Types declared outside any function, by simple and by qualified name
    /// (`State` and `Feature.State`).
    public var declaredTypes: Set<String> = []
    /// The names in the inheritance clauses of its types and extensions.
    public var inheritedNames: Set<String> = []
    /// Protocols it declares, each with the protocols it inherits directly.
    public var protocols: [String: [String]] = [:]
    /// Conformances its extensions add, by the extended type as written.
    public var extensionConformances: [String: Set<String>] = [:]
    /// Static members its extensions add, by the extended type as written.
    public var extensionStaticMembers: [String: Set<String>] = [:]
    /// Whether it declares a reducer (a `@Reducer` type or one conforming to `Reducer`, or a
    /// `Reducer<S, A, E>` value).
    public var declaresReducer = false
    /// Types named as State, Action or Environment by `Reducer<S, A, E>`, `Reduce<S, A>`,
    /// `Store<S, A>` and their kin.
    public var roleNames: Set<String> = []
    /// Reducer values it declares with their environment type (`homeReducer` →
    /// `HomeEnvironment` for `let homeReducer = Reducer<HomeState, HomeAction, HomeEnvironment>`).
    public var reducerEnvironments: [String: String] = [:]
    /// Aliases it declares of a legacy reducer type, with its environment type
    /// (`AddReducer` → `AddEnvironment` for `typealias AddReducer = Reducer<AddState, AddAction,
    /// SystemEnvironment<AddEnvironment>>`).
    public var reducerAliases: [String: String] = [:]
    /// Reducer values it builds through such an alias (`addReducer` → `AddReducer` for `let
    /// addReducer = AddReducer { … }`): the alias, wherever it is declared, names their environment.
    public var reducerValueAliases: [String: String] = [:]
    /// Reducer values it scopes to a parent with an `environment:` argument
    /// (`homeReducer.pullback(…, environment: { … })`, `.forEach(…)`).
    public var scopedReducers: Set<String> = []
    /// Environment types it builds by name outside a parent's `environment:` argument and
    /// their own declarations (`HomeEnvironment(…)` in a preview or a test).
    public var builtEnvironments: Set<String> = []
    /// Reducer values it runs with an environment built in place by its type's implicit
    /// initializer (`Store(initialState: …, reducer: signInReducer, environment: .init(…))`
    /// in a preview or a test): their environments are built directly, as by name.
    public var reducersGivenBuiltEnvironments: Set<String> = []
    /// Types its dependencies produce without a possible failure (`Settings` for
    /// `() -> Effect<Settings, Never>`, `() async -> Settings`).
    public var infallibleOutputs: Set<String> = []
    /// Computed properties of its State types, by qualified type name.
    public var stateComputedProperties: [String: Set<String>] = [:]
    /// iOS versions a SwiftPM manifest sets as its lowest (`.iOS(.v17)` → `17`).
    public var iOSVersions: Set<String> = []
    /// Types it declares that can hold a failure (``FailureVocabulary``), by qualified name: an
    /// enum with a failure case (`Loadable.failed(Error)`), a type with a stored error.
    public var failableTypes: Set<String> = []
    /// Each type declared outside any function, by qualified name (`Feature.State`), with the
    /// names its declaration inherits; a `@Reducer` attribute counts as inheriting `Reducer`.
    public var typeInheritance: [String: [String]] = [:]
    /// The types its extensions extend with members or conformances, as written
    /// (`Feature.View` for `extension Feature.View { var body: some View { … } }`).
    public var extendedTypes: Set<String> = []
    /// The types its extensions use only as a namespace, declaring nested types in them
    /// (`extension GatewayAPI { struct Account { … } }`), as written.
    public var namespaceExtensions: Set<String> = []
    /// Enums it declares with at least one case, by qualified name: values picked from a list
    /// (`enum AppTheme: Int { case light, dark }`), never a service or a theme object.
    public var caseEnums: Set<String> = []
    /// The names of the cases of the enums it declares (`now` of `enum Timing { case now,
    /// later }`): an implicit member `.now` of that name is the case, not the clock.
    public var enumCaseNames: Set<String> = []
    /// The types of the global values it declares (`loggerGlobal` → `Logger` for `let
    /// loggerGlobal = Logger(label: "app")`, `defaults` → `UserDefaults` for `let defaults =
    /// UserDefaults.standard`), written or read from a simple initializer.
    public var globalValueTypes: [String: String] = [:]
    /// The types of the dependencies it registers: of its `extension DependencyValues`
    /// properties and of its dependency keys' `liveValue`/`testValue`/`previewValue`
    /// (`LocationManagerProtocol` for `var locationManager: any LocationManagerProtocol`).
    public var dependencyValueTypes: Set<String> = []
    /// The modules it imports.
    public var importedModules: Set<String> = []
    /// The names a build manifest gives its modules (`.target(name: "ProfileFeature")`, a
    /// Tuist `Target`'s `name:`): modules of the app, not frameworks.
    public var manifestNames: Set<String> = []
    /// State properties its views pass from the store to a view modifier, which draws them
    /// (`buttonScale` for `.scaleEffect(viewStore.buttonScale)`).
    public var animatedStoreValues: Set<String> = []
    /// Members of its types whose own bodies touch the world, as `Type.member` keys, with
    /// the call that does (``MemberEffects/callEffect(callee:argumentLabels:isStatement:)``):
    /// `UserDefaultsManager.nickname` → `UserDefaults.standard.set(…)`.
    public var memberEffects: [String: String] = [:]
    /// The modifiers its `extension View`s declare (`glassEffectIfAvailable`, an app's own
    /// `glassEffect` shim): the app's, not SwiftUI's.
    public var viewModifiers: Set<String> = []
    /// The members each member of its types calls (`Type.member` keys), through which one
    /// member runs what another does (``MemberUsers``).
    public var memberCalls: [String: Set<String>] = [:]
    /// Members of its types whose own bodies write a log, with the call that does
    /// (``MemberEffects/logEffect(callee:isStatement:)``): `Log.trace(_:category:level:)` →
    /// `category.osLogger.log(…)`.
    public var memberLogs: [String: String] = [:]
    /// The classes and actors it declares outside any function, by qualified name: values of
    /// these types are shared objects, not copies.
    public var referenceTypes: Set<String> = []
    /// The type of each dependency its `extension DependencyValues` declares, by the key
    /// path's name (`traineeRepository` → `TraineeRepository`), as written without `any`/`some`.
    public var dependencyValues: [String: String] = [:]

    public init() {}
}
