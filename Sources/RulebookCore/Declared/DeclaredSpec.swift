/// A declared feature spec: the JSON that a code generator pushes to describe a planned
/// TCA feature before writing it. It carries the same facts the Swift front end reads from
/// source, so the same rules run on it. Schema: `schemas/declared-spec.schema.json`.
/// Unknown keys are rejected (``DeclaredSpecDecoder``), so a typo never checks clean.
///
/// The fields live in one shared box, copied on write: a decoded event is passed around by
/// value on its way through a validator, and a copy is then one reference count instead of
/// one per string and array. Encoded, compared and hashed by its fields, as a plain struct of
/// them would be.
public struct DeclaredSpec: Codable, Hashable, Sendable {
    private var storage: CopyOnWrite<Fields>

    /// The feature's name (`Login`).
    public var feature: String {
        get { storage.fields.feature }
        set { storage.modify { $0.feature = newValue } }
    }
    /// The dialect the feature will be written in (default `modern`).
    public var dialect: Dialect? {
        get { storage.fields.dialect }
        set { storage.modify { $0.dialect = newValue } }
    }
    /// The name reports use for this spec's location (default `{feature}.rulebook.json`).
    public var file: String? {
        get { storage.fields.file }
        set { storage.modify { $0.file = newValue } }
    }
    /// The feature's State type.
    public var state: DeclaredType? {
        get { storage.fields.state }
        set { storage.modify { $0.state = newValue } }
    }
    /// The feature's Action type.
    public var action: DeclaredType? {
        get { storage.fields.action }
        set { storage.modify { $0.action = newValue } }
    }
    /// The feature's Environment type (legacy dialect).
    public var environment: DeclaredType? {
        get { storage.fields.environment }
        set { storage.modify { $0.environment = newValue } }
    }
    /// Other types of the feature (errors, protocols, the reducer type, views).
    public var types: [DeclaredType]? {
        get { storage.fields.types }
        set { storage.modify { $0.types = newValue } }
    }
    /// Reducer bodies.
    public var reducers: [DeclaredReducer]? {
        get { storage.fields.reducers }
        set { storage.modify { $0.reducers = newValue } }
    }
    /// SwiftUI views.
    public var views: [DeclaredView]? {
        get { storage.fields.views }
        set { storage.modify { $0.views = newValue } }
    }
    /// The files the feature will have, with their imports and what they declare.
    public var files: [DeclaredFile]? {
        get { storage.fields.files }
        set { storage.modify { $0.files = newValue } }
    }
    /// What the rest of the project says about the feature's types (``ProjectContext``):
    /// for a child feature, say, that its parent builds its environment.
    public var project: ProjectContext? {
        get { storage.fields.project }
        set { storage.modify { $0.project = newValue } }
    }

    public init(
        feature: String, dialect: Dialect? = nil, file: String? = nil, state: DeclaredType? = nil,
        action: DeclaredType? = nil, environment: DeclaredType? = nil, types: [DeclaredType]? = nil,
        reducers: [DeclaredReducer]? = nil, views: [DeclaredView]? = nil, files: [DeclaredFile]? = nil,
        project: ProjectContext? = nil
    ) {
        storage = CopyOnWrite(
            Fields(
                feature: feature, dialect: dialect, file: file, state: state, action: action, environment: environment,
                types: types, reducers: reducers, views: views, files: files, project: project))
    }

    /// Decodes the fields as a plain struct of them is encoded.
    public init(from decoder: any Decoder) throws {
        storage = try CopyOnWrite(from: decoder)
    }

    /// Encodes the fields as a plain struct of them.
    public func encode(to encoder: any Encoder) throws {
        try storage.encode(to: encoder)
    }

    /// The spec's fields, as the value holds them.
    private struct Fields: Codable, Hashable, Sendable {
        var feature: String
        var dialect: Dialect?
        var file: String?
        var state: DeclaredType?
        var action: DeclaredType?
        var environment: DeclaredType?
        var types: [DeclaredType]?
        var reducers: [DeclaredReducer]?
        var views: [DeclaredView]?
        var files: [DeclaredFile]?
        var project: ProjectContext?
    }
}

/// A declared type.
public struct DeclaredType: Codable, Hashable, Sendable {
    public var name: String
    /// The name with its enclosing types (`LoginFeature.State`), when nested.
    public var qualifiedName: String?
    /// Defaults to `enum` for actions and `struct` otherwise.
    public var kind: TypeKind?
    public var conformances: [String]?
    public var attributes: [String]?
    /// `public`, `internal`, `private` …
    public var accessLevel: String?
    public var properties: [DeclaredProperty]?
    public var methods: [DeclaredMethod]?
    public var cases: [DeclaredCase]?

    public init(
        name: String, qualifiedName: String? = nil, kind: TypeKind? = nil, conformances: [String]? = nil,
        attributes: [String]? = nil, accessLevel: String? = nil, properties: [DeclaredProperty]? = nil,
        methods: [DeclaredMethod]? = nil, cases: [DeclaredCase]? = nil
    ) {
        self.name = name
        self.qualifiedName = qualifiedName
        self.kind = kind
        self.conformances = conformances
        self.attributes = attributes
        self.accessLevel = accessLevel
        self.properties = properties
        self.methods = methods
        self.cases = cases
    }
}

/// A declared property.
public struct DeclaredProperty: Codable, Hashable, Sendable {
    public var name: String
    public var type: String?
    public var wrappers: [String]?
    public var `static`: Bool?
    public var computed: Bool?
    /// A `let`: set once, never changed (`let cornerRadius: CGFloat = 12`).
    public var constant: Bool?
    /// The key of `@Dependency(\.key)`.
    public var dependencyKey: String?
    /// The initializer passes a `.main` scheduler (for `static var mock`).
    public var usesMainScheduler: Bool?
    /// The type of the value the property starts with, when a call builds it (`Store`).
    public var initialValueType: String?

    public init(
        name: String, type: String?, wrappers: [String]? = nil, static: Bool? = nil, computed: Bool? = nil,
        constant: Bool? = nil, dependencyKey: String? = nil, usesMainScheduler: Bool? = nil, initialValueType: String? = nil
    ) {
        self.name = name
        self.type = type
        self.wrappers = wrappers
        self.static = `static`
        self.computed = computed
        self.constant = constant
        self.dependencyKey = dependencyKey
        self.usesMainScheduler = usesMainScheduler
        self.initialValueType = initialValueType
    }
}

/// A declared method.
public struct DeclaredMethod: Codable, Hashable, Sendable {
    public var name: String
    public var `static`: Bool?
    /// Takes an `inout` parameter (a reducer helper).
    public var takesInout: Bool?
    /// The body passes a `.main` scheduler.
    public var usesMainScheduler: Bool?

    public init(name: String, static: Bool? = nil, takesInout: Bool? = nil, usesMainScheduler: Bool? = nil) {
        self.name = name
        self.static = `static`
        self.takesInout = takesInout
        self.usesMainScheduler = usesMainScheduler
    }
}

/// A declared enum case.
public struct DeclaredCase: Codable, Hashable, Sendable {
    public var name: String
    public var associatedValues: [AssociatedValue]?

    public init(name: String, associatedValues: [AssociatedValue]? = nil) {
        self.name = name
        self.associatedValues = associatedValues
    }
}

/// A declared reducer body.
public struct DeclaredReducer: Codable, Hashable, Sendable {
    /// The reducer type or variable.
    public var owner: String?
    /// `switch action` statements.
    public var switches: [DeclaredSwitch]?
    /// Calls, references and awaits in the body.
    public var sites: [DeclaredCodeSite]?
    /// Dependencies the body can use (modern `@Dependency` properties; legacy: the environment parameter).
    public var dependencies: [DeclaredProperty]?
    /// The action type as written (`LoginAction`), when the reducer names it.
    public var actionType: String?
    /// The Environment type (legacy `LoginEnvironment`), when the reducer names it.
    public var environmentType: String?
    /// The app's reducers composed beside this one on the same State and Action
    /// (`ApplicationFeature.RootReducer` in the same `body`).
    public var composedReducers: [String]?
    /// The reducer type's setup code (its initializers, its `body` around the reducers it
    /// composes) rather than a reducer: only what it takes as dependencies is judged.
    public var setup: Bool?

    public init(
        owner: String? = nil, switches: [DeclaredSwitch]? = nil, sites: [DeclaredCodeSite]? = nil,
        dependencies: [DeclaredProperty]? = nil, actionType: String? = nil, environmentType: String? = nil,
        composedReducers: [String]? = nil, setup: Bool? = nil
    ) {
        self.owner = owner
        self.switches = switches
        self.sites = sites
        self.dependencies = dependencies
        self.actionType = actionType
        self.environmentType = environmentType
        self.composedReducers = composedReducers
        self.setup = setup
    }
}

/// A declared `switch action`.
public struct DeclaredSwitch: Codable, Hashable, Sendable {
    /// The Action cases the switch's `case` patterns match.
    public var handledCases: [String]
    /// Whether the switch has `default:`.
    public var hasDefault: Bool?
    /// Whether a `case` pattern matches every remaining action (`case _:`, `case let other:`).
    public var hasCatchAll: Bool?

    public init(handledCases: [String], hasDefault: Bool? = nil, hasCatchAll: Bool? = nil) {
        self.handledCases = handledCases
        self.hasDefault = hasDefault
        self.hasCatchAll = hasCatchAll
    }
}

/// A declared call, reference or await in a reducer body.
public struct DeclaredCodeSite: Codable, Hashable, Sendable {
    /// Dotted path without arguments (`environment.analytics.track`, `Date.now`, `await`).
    public var path: String
    /// Default `call`.
    public var kind: CodeSiteKind?
    /// Default `false`.
    public var insideEffect: Bool?
    /// Used as a statement on its own (default `false`).
    public var statement: Bool?
    /// Argument labels of a call, `_` for unlabeled ones (`Int.random(in:)` → `["in"]`).
    public var arguments: [String]?
    /// Index (in `sites`) of the innermost call or `await` containing this site.
    public var parent: Int?

    public init(
        path: String, kind: CodeSiteKind? = nil, insideEffect: Bool? = nil, statement: Bool? = nil,
        arguments: [String]? = nil, parent: Int? = nil
    ) {
        self.path = path
        self.kind = kind
        self.insideEffect = insideEffect
        self.statement = statement
        self.arguments = arguments
        self.parent = parent
    }
}

/// A declared SwiftUI view.
public struct DeclaredView: Codable, Hashable, Sendable {
    public var name: String
    public var holdsStore: Bool?
    public var observesViewStore: Bool?
    /// Hands the store on to other views (`store.scope`, `IfLetStore`, `ForEachStore` …).
    public var forwardsStore: Bool?
    public var animationModifiers: [DeclaredAnimationModifier]?

    public init(
        name: String, holdsStore: Bool? = nil, observesViewStore: Bool? = nil, forwardsStore: Bool? = nil,
        animationModifiers: [DeclaredAnimationModifier]? = nil
    ) {
        self.name = name
        self.holdsStore = holdsStore
        self.observesViewStore = observesViewStore
        self.forwardsStore = forwardsStore
        self.animationModifiers = animationModifiers
    }
}

/// A declared animation modifier use.
public struct DeclaredAnimationModifier: Codable, Hashable, Sendable {
    public var modifier: String
    public var argument: String
    public var readsStore: Bool

    public init(modifier: String, argument: String, readsStore: Bool) {
        self.modifier = modifier
        self.argument = argument
        self.readsStore = readsStore
    }
}

/// A declared source file.
public struct DeclaredFile: Codable, Hashable, Sendable {
    /// Path; its `Domain/`, `Data/` or `Presentation/` folder sets the layer.
    public var path: String
    /// Imported modules.
    public var imports: [String]?
    /// Top-level types the file declares.
    public var types: [String]?
    /// Types the file references by name.
    public var typeReferences: [String]?
    /// Liquid Glass API uses.
    public var glassUses: [DeclaredGlassUse]?

    public init(path: String, imports: [String]? = nil, types: [String]? = nil, typeReferences: [String]? = nil, glassUses: [DeclaredGlassUse]? = nil) {
        self.path = path
        self.imports = imports
        self.types = types
        self.typeReferences = typeReferences
        self.glassUses = glassUses
    }
}

/// A declared Liquid Glass API use.
public struct DeclaredGlassUse: Codable, Hashable, Sendable {
    public var api: String
    /// Inside `#available(iOS 26.0, *)` or `@available(iOS 26.0, *)`.
    public var guarded: Bool

    public init(api: String, guarded: Bool) {
        self.api = api
        self.guarded = guarded
    }
}
