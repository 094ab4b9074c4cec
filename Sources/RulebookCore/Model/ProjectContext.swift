/// What the rest of the project says about one spec's types: the facts a feature's check
/// needs from files outside its spec. A feature is checked alone, on any validator, but
/// whether a `GalleryState` is a feature's State, whether a child environment is built from
/// its parent's, or whether an `extension AppEnvironment { static let live … }` two folders
/// away gives the environment its `.live`, is written elsewhere.
///
/// The producer works it out from every Swift file of a run (``ProjectIndex``) and sends each
/// spec the part about the types it declares (`project` in `spec.submitted`, or in a declared
/// spec). A spec checked without one (pushed by a client on its own) is judged by what it
/// holds: names decide roles, and what is unknown is not reported.
public struct ProjectContext: Codable, Hashable, Sendable {
    /// Whether the project declares reducers. When it does, a type named like a legacy role
    /// (`GalleryState` in `GalleryState.swift`) plays it only if a reducer or store names it.
    public var hasReducers: Bool
    /// The spec's types that a reducer or store of the project names as its State, Action or
    /// Environment (`Reducer<S, A, E>`, `Store<S, A>`).
    public var featureTypes: [String]
    /// The spec's environments that a parent reducer builds from its own environment
    /// (`childReducer.pullback(…, environment: { … })`, `.forEach(…)`).
    public var derivedEnvironments: [String]
    /// The spec's environments that code builds by name outside a parent's scoping and their
    /// own declarations: tests and previews (`HomeEnvironment(urlClient: .live)`).
    public var directlyBuiltEnvironments: [String]
    /// Static members that extensions anywhere in the project add to the spec's types, by
    /// the extended type as written.
    public var staticMembers: [String: [String]]
    /// Conformances that extensions anywhere in the project add to the spec's types.
    public var conformances: [String: [String]]
    /// Protocols the spec's types inherit that the project declares, each with every
    /// protocol it refines, directly or through others.
    public var protocols: [String: [String]]
    /// The project's types that the spec mentions and that can hold a failure (an enum with a
    /// failure case such as `Loadable.failed(Error)`, a type with a stored error): a response
    /// carrying one can express failure.
    public var failableTypes: [String]
    /// The lowest iOS version the project's build settings support (Xcode projects'
    /// deployment targets, SwiftPM manifests' platforms), when they say.
    public var minimumIOSVersion: String?
    /// Types the spec mentions that the project's dependencies produce without a possible
    /// failure (`Settings` for `() -> Effect<Settings, Never>`): a response carrying one has
    /// no failure to express.
    public var infallibleTypes: [String]
    /// Computed properties of the State types the spec mentions, by qualified type name: a
    /// value the State derives from business state.
    public var stateComputedProperties: [String: [String]]
    /// The spec's types that the project shows are reducers, and the project's reducer types
    /// the spec mentions, by qualified name: they inherit `Reducer` (or carry `@Reducer`), or a
    /// protocol or alias of the project that refines it, in their declaration or in an
    /// extension anywhere (`extension Feature: Reducer`).
    public var reducerTypes: [String] = []
    /// The layer of the folder that declares each top-level type the spec mentions, for the
    /// types the project declares (`"Domain"`, `"Data"`, `"Presentation"`, or `""` for a
    /// folder of no layer). A type's layer is where it is declared, never its name.
    public var typeLayers: [String: String] = [:]
    /// The modules the spec imports that belong to the app (named by its manifests or by its
    /// folders), each with the layer of its folder (`""` for none): never a framework,
    /// whatever its name.
    public var appModules: [String: String] = [:]
    /// The layer of each of the spec's files whose folders name none but whose app module's
    /// does (`"Domain"` for `Domains/FolderDomain/Sources/…`, the module `FolderDomain`), by path.
    public var fileLayers: [String: String] = [:]
    /// Types the spec mentions that the project declares as enums with cases, by qualified
    /// name: values chosen from a list, not services or theme objects.
    public var caseEnums: [String] = []
    /// Names the spec mentions that the project's views pass from the store to a view
    /// modifier, which draws them (`.scaleEffect(viewStore.buttonScale)`, `.autoBlur(radius:
    /// store.blurRadius)`).
    public var animatedStoreValues: [String] = []
    /// Names the spec mentions that are cases of the project's enums (`now` of `enum Timing
    /// { case now, later }`): an implicit member of that name (`.now`) may be the case.
    public var enumCaseNames: [String] = []
    /// The types of the project's global values that the spec mentions (`loggerGlobal` →
    /// `Logger`, `defaults` → `UserDefaults`): what a call on one of them reaches.
    public var globalValueTypes: [String: String] = [:]
    /// Types the spec mentions that the project registers as dependencies (the type of an
    /// `extension DependencyValues` property or of a dependency key's value): services, what
    /// ever their names.
    public var dependencyTypes: [String] = []
    /// Members of the project's types that the spec mentions and that touch the world, in
    /// their own bodies or through the members and property wrappers they use, each with the
    /// call that does (`UserDefaultsManager.nickname` → `UserDefaults.standard.set(…)`), by
    /// ``MemberKey`` (`Type.property`, `Type.method(label:other?:)`, `Type.init()`): a reducer
    /// that uses one runs that call.
    public var effectfulMembers: [String: String] = [:]
    /// Members of the project's types that the spec mentions and that write a log, in their
    /// own bodies or through members of the same type, each with the call that does
    /// (`Log.trace(_:category:level:)` → `category.osLogger.log(…)`), by ``MemberKey``: a
    /// reducer that calls one logs.
    public var loggingMembers: [String: String] = [:]
    /// View modifiers the spec uses that the project declares itself, in an `extension View`
    /// (`glassEffectIfAvailable`, a `glassEffect` shim): the app's, not SwiftUI's.
    public var appViewModifiers: [String] = []
    /// Classes and actors of the project that the spec mentions, by qualified name
    /// (`MapManager`, `Player.Engine`): a value of one is a shared object, so a reducer that
    /// calls one held in State for its effect changes something outside State.
    public var referenceTypes: [String] = []
    /// The type the project's `extension DependencyValues` gives each dependency the spec
    /// mentions, by the key path's name (`traineeRepoUseCase` → `TraineeRepository`): what a
    /// `@Dependency(\.traineeRepoUseCase)` is, whatever it is named.
    public var dependencyValues: [String: String] = [:]

    public init(
        hasReducers: Bool = false, featureTypes: [String] = [], derivedEnvironments: [String] = [],
        directlyBuiltEnvironments: [String] = [], staticMembers: [String: [String]] = [:],
        conformances: [String: [String]] = [:], protocols: [String: [String]] = [:], failableTypes: [String] = [],
        minimumIOSVersion: String? = nil, infallibleTypes: [String] = [], stateComputedProperties: [String: [String]] = [:]
    ) {
        self.hasReducers = hasReducers
        self.featureTypes = featureTypes
        self.derivedEnvironments = derivedEnvironments
        self.directlyBuiltEnvironments = directlyBuiltEnvironments
        self.staticMembers = staticMembers
        self.conformances = conformances
        self.protocols = protocols
        self.failableTypes = failableTypes
        self.minimumIOSVersion = minimumIOSVersion
        self.infallibleTypes = infallibleTypes
        self.stateComputedProperties = stateComputedProperties
    }

    /// A member added here is read by the wire's fast reader too (`ProjectContextReader`,
    /// whose test names a member one side lacks).
    private enum CodingKeys: String, CodingKey {
        case hasReducers, featureTypes, derivedEnvironments, directlyBuiltEnvironments, staticMembers, conformances, protocols
        case failableTypes, minimumIOSVersion, infallibleTypes, stateComputedProperties
        case reducerTypes, typeLayers, appModules, caseEnums, animatedStoreValues, enumCaseNames, globalValueTypes
        case dependencyTypes, effectfulMembers, appViewModifiers, fileLayers, loggingMembers, referenceTypes, dependencyValues
    }

    /// Every member is optional on the wire; absent ones are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hasReducers = try container.decodeIfPresent(Bool.self, forKey: .hasReducers) ?? false
        featureTypes = try container.decodeIfPresent([String].self, forKey: .featureTypes) ?? []
        derivedEnvironments = try container.decodeIfPresent([String].self, forKey: .derivedEnvironments) ?? []
        directlyBuiltEnvironments = try container.decodeIfPresent([String].self, forKey: .directlyBuiltEnvironments) ?? []
        staticMembers = try container.decodeIfPresent([String: [String]].self, forKey: .staticMembers) ?? [:]
        conformances = try container.decodeIfPresent([String: [String]].self, forKey: .conformances) ?? [:]
        protocols = try container.decodeIfPresent([String: [String]].self, forKey: .protocols) ?? [:]
        failableTypes = try container.decodeIfPresent([String].self, forKey: .failableTypes) ?? []
        minimumIOSVersion = try container.decodeIfPresent(String.self, forKey: .minimumIOSVersion)
        infallibleTypes = try container.decodeIfPresent([String].self, forKey: .infallibleTypes) ?? []
        stateComputedProperties = try container.decodeIfPresent([String: [String]].self, forKey: .stateComputedProperties) ?? [:]
        reducerTypes = try container.decodeIfPresent([String].self, forKey: .reducerTypes) ?? []
        typeLayers = try container.decodeIfPresent([String: String].self, forKey: .typeLayers) ?? [:]
        appModules = try container.decodeIfPresent([String: String].self, forKey: .appModules) ?? [:]
        fileLayers = try container.decodeIfPresent([String: String].self, forKey: .fileLayers) ?? [:]
        caseEnums = try container.decodeIfPresent([String].self, forKey: .caseEnums) ?? []
        animatedStoreValues = try container.decodeIfPresent([String].self, forKey: .animatedStoreValues) ?? []
        enumCaseNames = try container.decodeIfPresent([String].self, forKey: .enumCaseNames) ?? []
        globalValueTypes = try container.decodeIfPresent([String: String].self, forKey: .globalValueTypes) ?? [:]
        dependencyTypes = try container.decodeIfPresent([String].self, forKey: .dependencyTypes) ?? []
        effectfulMembers = try container.decodeIfPresent([String: String].self, forKey: .effectfulMembers) ?? [:]
        loggingMembers = try container.decodeIfPresent([String: String].self, forKey: .loggingMembers) ?? [:]
        appViewModifiers = try container.decodeIfPresent([String].self, forKey: .appViewModifiers) ?? []
        referenceTypes = try container.decodeIfPresent([String].self, forKey: .referenceTypes) ?? []
        dependencyValues = try container.decodeIfPresent([String: String].self, forKey: .dependencyValues) ?? [:]
    }

    // MARK: Questions the front ends and rules ask

    /// Whether `type` (declared in the spec) has a static member `name` added elsewhere.
    public func addsStaticMember(_ name: String, to type: TypeDecl) -> Bool {
        [type.qualifiedName, type.name].contains { staticMembers[$0]?.contains(name) == true }
    }

    /// Whether version `a` is lower than `b`, comparing dot-separated numbers (`9.3` < `16.0`).
    public static func isLowerVersion(_ a: String, _ b: String) -> Bool {
        let left = a.split(separator: ".").map { Int($0) ?? 0 }
        let right = b.split(separator: ".").map { Int($0) ?? 0 }
        for index in 0..<max(left.count, right.count) {
            let (x, y) = (index < left.count ? left[index] : 0, index < right.count ? right[index] : 0)
            if x != y { return x < y }
        }
        return false
    }

    /// Whether the project's reducers and stores leave `name` out of every role, so that a
    /// type named like a legacy role is not one.
    public func rulesOutRole(named name: String) -> Bool {
        hasReducers && !featureTypes.contains(name)
    }
}

/// What a feature's types are, with what the rest of the project adds.
extension FeatureModel {
    /// Whether `type` has a static member `name`, declared with it or added by an extension
    /// anywhere in the project (`extension AppEnvironment { static let live = … }`).
    public func hasStaticMember(_ name: String, on type: TypeDecl) -> Bool {
        type.hasStaticMember(named: name) || project?.addsStaticMember(name, to: type) == true
    }

    /// `type`'s conformances, with those that extensions elsewhere in the project add.
    public func conformances(of type: TypeDecl) -> [String] {
        guard let project, !type.isFunctionLocal else { return type.conformances }
        let added = (project.conformances[type.qualifiedName] ?? []) + (project.conformances[type.name] ?? [])
        return type.conformances + added
    }

    /// The layer of one of the spec's files: its folders', else its app module's
    /// (``ProjectContext/fileLayers``). Where a file is, never what it is named.
    public func layer(of file: FileFacts) -> ArchitectureLayer? {
        file.layer ?? project?.fileLayers[file.path].flatMap(ArchitectureLayer.init(rawValue:))
    }

    /// Whether a parent reducer builds `environment` from its own environment
    /// (`.pullback(…, environment: { … })`): the parent's `.live` and `.mock` provide it.
    public func isDerivedFromParent(_ environment: TypeDecl) -> Bool {
        project?.derivedEnvironments.contains(environment.name) == true
    }

    /// Whether code outside a parent's scoping builds `environment` by name (a test, a preview).
    public func isBuiltDirectly(_ environment: TypeDecl) -> Bool {
        project?.directlyBuiltEnvironments.contains(environment.name) == true
    }
}
