/// Turns a ``DeclaredSpec`` into the ``FeatureModel`` the rules read, with every location a
/// JSON pointer into the spec (`/state/properties/2`).
public enum DeclaredFeatureBuilder {
    /// The feature model of `spec`, in `dialect` when given (a configuration's `dialect`, which
    /// overrides the spec's own), else in the spec's dialect (default `modern`).
    ///
    /// The override is a parameter, not a change to the spec: setting `spec.dialect` copied the
    /// spec's shared storage (a reference count for each of its lists) for every spec checked.
    public static func model(of spec: DeclaredSpec, dialect: Dialect? = nil) -> FeatureModel {
        let builder = Builder(file: spec.file ?? "\(spec.feature).rulebook.json")
        let state = spec.state.map { builder.type($0, at: .state, defaultKind: .struct) }
        let action = spec.action.map { builder.type($0, at: .action, defaultKind: .enum) }
        let environment = spec.environment.map { builder.type($0, at: .environment, defaultKind: .struct) }
        let others = (spec.types ?? []).enumerated().map { index, type in
            builder.type(type, at: MemberPointers("/types/\(index)"), defaultKind: .struct)
        }
        let reducers = (spec.reducers ?? []).enumerated().map { index, reducer in
            builder.reducer(reducer, at: "/reducers/\(index)")
        }
        let views = (spec.views ?? []).enumerated().map { index, view in builder.view(view, at: "/views/\(index)") }
        var files = (spec.files ?? []).enumerated().map { index, file in builder.file(file, at: "/files/\(index)") }
        if files.isEmpty { files = [FileFacts(path: builder.file)] }
        return FeatureModel(
            name: spec.feature, origin: .declared, dialect: dialect ?? spec.dialect ?? .modern,
            states: state.map { [$0] } ?? [], actions: action.map { [$0] } ?? [],
            environments: environment.map { [$0] } ?? [],
            types: [state, action, environment].compactMap { $0 } + others,
            reducers: reducers.filter { !$0.isSetup }, setups: reducers.filter(\.isSetup), views: views, files: files,
            project: spec.project)
    }
}

/// Builds model values with pointer locations.
private struct Builder {
    let file: String

    /// `prefix` followed by the element offset `index` in decimal (`/state/properties/` and
    /// 12): one allocation, where `+` and `String(_:)` cost several (every element gets one).
    static func pointer(_ prefix: String, _ index: Int) -> String {
        String(unsafeUninitializedCapacity: prefix.utf8.count + 20) { buffer in
            var end = buffer.initialize(fromContentsOf: prefix.utf8)
            let digits = end
            var value = index.magnitude
            repeat {
                buffer[end] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                end += 1
            } while value > 0
            buffer[digits..<end].reverse()
            return end
        }
    }

    func location(_ pointer: String) -> SourceLocation {
        SourceLocation(file: file, pointer: pointer)
    }

    func type(_ declared: DeclaredType, at pointers: MemberPointers, defaultKind: TypeKind) -> TypeDecl {
        let properties = (declared.properties ?? []).enumerated().map { index, property in
            self.property(property, at: pointers.member(.properties, index))
        }
        let methods = (declared.methods ?? []).enumerated().map { index, method in
            let at = pointers.member(.methods, index)
            return MethodDecl(
                name: method.name, isStatic: method.static ?? false, hasInoutParameter: method.takesInout ?? false,
                location: location(at),
                mainSchedulerUses: method.usesMainScheduler == true ? [location(at + "/usesMainScheduler")] : [])
        }
        let cases = (declared.cases ?? []).enumerated().map { index, enumCase in
            EnumCaseDecl(
                name: enumCase.name, associatedValues: enumCase.associatedValues ?? [],
                location: location(pointers.member(.cases, index)))
        }
        return TypeDecl(
            name: declared.name, qualifiedName: declared.qualifiedName, kind: declared.kind ?? defaultKind, conformances: declared.conformances ?? [],
            attributes: declared.attributes ?? [], properties: properties, cases: cases, methods: methods,
            accessLevel: declared.accessLevel, location: location(pointers.type))
    }

    func property(_ property: DeclaredProperty, at pointer: String) -> PropertyDecl {
        PropertyDecl(
            name: property.name, type: property.type, wrappers: property.wrappers ?? [],
            isStatic: property.static ?? false, isComputed: property.computed ?? false, isConstant: property.constant ?? false,
            location: location(pointer),
            dependencyKey: property.dependencyKey,
            mainSchedulerUses: property.usesMainScheduler == true ? [location(pointer + "/usesMainScheduler")] : [],
            initialValueType: property.initialValueType)
    }

    func reducer(_ reducer: DeclaredReducer, at pointer: String) -> ReducerFacts {
        let switches = (reducer.switches ?? []).enumerated().map { index, declared in
            let at = "\(pointer)/switches/\(index)"
            return ActionSwitch(
                handledCases: declared.handledCases,
                defaultLocation: declared.hasDefault == true ? location(at + "/hasDefault") : nil,
                catchAllLocation: declared.hasCatchAll == true ? location(at + "/hasCatchAll") : nil, location: location(at))
        }
        let sites = (reducer.sites ?? []).enumerated().map { index, site in
            CodeSite(
                kind: site.kind ?? .call, path: site.path, insideEffect: site.insideEffect ?? false,
                isStatement: site.statement ?? false, location: location("\(pointer)/sites/\(index)"),
                argumentLabels: site.arguments ?? [], id: index, parent: site.parent)
        }
        let dependencies = (reducer.dependencies ?? []).enumerated().map { index, dependency in
            property(dependency, at: "\(pointer)/dependencies/\(index)")
        }
        return ReducerFacts(
            owner: reducer.owner, switches: switches, sites: sites, dependencies: dependencies,
            actionType: reducer.actionType, environmentType: reducer.environmentType,
            composedReducers: reducer.composedReducers ?? [], isSetup: reducer.setup ?? false, location: location(pointer))
    }

    func view(_ view: DeclaredView, at pointer: String) -> ViewFacts {
        let modifiers = (view.animationModifiers ?? []).enumerated().map { index, modifier in
            AnimationModifierUse(
                modifier: modifier.modifier, argument: modifier.argument, readsStore: modifier.readsStore,
                location: location("\(pointer)/animationModifiers/\(index)"))
        }
        return ViewFacts(
            name: view.name, holdsStore: view.holdsStore ?? false, observesViewStore: view.observesViewStore ?? false,
            forwardsStore: view.forwardsStore ?? false, animationModifiers: modifiers, location: location(pointer))
    }

    func file(_ file: DeclaredFile, at pointer: String) -> FileFacts {
        FileFacts(
            path: file.path,
            imports: (file.imports ?? []).enumerated().map { index, module in
                ImportDecl(module: module, location: location("\(pointer)/imports/\(index)"))
            },
            topLevelTypes: file.types ?? [],
            typeReferences: (file.typeReferences ?? []).enumerated().map { index, name in
                TypeReference(name: name, location: location("\(pointer)/typeReferences/\(index)"))
            },
            glassUses: (file.glassUses ?? []).enumerated().map { index, use in
                GlassUse(api: use.api, isAvailabilityGuarded: use.guarded, location: location("\(pointer)/glassUses/\(index)"))
            })
    }
}

/// The JSON pointers of a declared type and its members (`/state`, `/state/properties/3`).
/// Those of the State, Action and Environment are made once per process for the first
/// members: every spec's model has them, and each pointer longer than 15 bytes would be a
/// `String` allocated (and freed) per element per spec.
private struct MemberPointers: Sendable {
    enum Kind: Int, CaseIterable {
        case properties, methods, cases

        var infix: String {
            switch self {
            case .properties: "/properties/"
            case .methods: "/methods/"
            case .cases: "/cases/"
            }
        }
    }

    /// How many members of each kind have their pointer made in advance.
    static let madeInAdvance = 128

    static let state = MemberPointers("/state", madeInAdvance: madeInAdvance)
    static let action = MemberPointers("/action", madeInAdvance: madeInAdvance)
    static let environment = MemberPointers("/environment", madeInAdvance: madeInAdvance)

    /// The type's pointer.
    let type: String
    /// By kind: the members' pointer prefix, and the pointers made in advance.
    private let prefixes: [String]
    private let made: [[String]]

    init(_ type: String, madeInAdvance count: Int = 0) {
        self.type = type
        prefixes = Kind.allCases.map { type + $0.infix }
        made = prefixes.map { prefix in (0..<count).map { Builder.pointer(prefix, $0) } }
    }

    /// The pointer of the member of `kind` at `index`.
    func member(_ kind: Kind, _ index: Int) -> String {
        let made = made[kind.rawValue]
        return index < made.count ? made[index] : Builder.pointer(prefixes[kind.rawValue], index)
    }
}
