import RulebookCore

/// Reads a declared spec straight from its JSON text in one pass: the same values
/// `JSONDecoder` builds, and a failure wherever ``DeclaredSpecDecoder`` would report an
/// error (an unknown non-null key included), so the Foundation path can name it.
enum DeclaredSpecReader {
    static func spec(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> DeclaredSpec {
        var feature: String?, dialect: Dialect?, file: String?, state: DeclaredType?, action: DeclaredType?
        var environment: DeclaredType?, types: [DeclaredType]?, reducers: [DeclaredReducer]?, views: [DeclaredView]?
        var files: [DeclaredFile]?, project: ProjectContext?
        try scanner.object(SpecField.self, unknown: .nullOnly) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .feature: feature = try scanner.string()
            case .dialect: dialect = try scanner.optionalEnumeration()
            case .file: file = try scanner.optionalString()
            case .state: state = try scanner.optional(type)
            case .action: action = try scanner.optional(type)
            case .environment: environment = try scanner.optional(type)
            case .types: types = try scanner.optionalArray(type)
            case .reducers: reducers = try scanner.optionalArray(reducer)
            case .views: views = try scanner.optionalArray(view)
            case .files: files = try scanner.optionalArray(Self.file)
            // What the rest of the project says: read by `JSONDecoder` in place.
            case .project: project = try scanner.decodedByFoundation(ProjectContext.self)
            }
        }
        guard let feature else { throw ScannerDeclined() }
        return DeclaredSpec(
            feature: feature, dialect: dialect, file: file, state: state, action: action, environment: environment, types: types,
            reducers: reducers, views: views, files: files, project: project)
    }

    static func type(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> DeclaredType {
        var name: String?, qualifiedName: String?, kind: TypeKind?, conformances: [String]?, attributes: [String]?
        var accessLevel: String?, properties: [DeclaredProperty]?, methods: [DeclaredMethod]?, cases: [DeclaredCase]?
        try scanner.object(TypeField.self, unknown: .nullOnly) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .name: name = try scanner.string()
            case .qualifiedName: qualifiedName = try scanner.optionalString()
            case .kind: kind = try scanner.optionalEnumeration()
            case .conformances: conformances = try scanner.optionalStrings()
            case .attributes: attributes = try scanner.optionalStrings()
            case .accessLevel: accessLevel = try scanner.optionalString()
            case .properties: properties = try scanner.optionalArray(property)
            case .methods: methods = try scanner.optionalArray(method)
            case .cases: cases = try scanner.optionalArray(enumCase)
            }
        }
        guard let name else { throw ScannerDeclined() }
        return DeclaredType(
            name: name, qualifiedName: qualifiedName, kind: kind, conformances: conformances, attributes: attributes,
            accessLevel: accessLevel, properties: properties, methods: methods, cases: cases)
    }

    static func property(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> DeclaredProperty {
        var name: String?, type: String?, wrappers: [String]?, isStatic: Bool?, computed: Bool?, dependencyKey: String?
        var usesMainScheduler: Bool?, constant: Bool?, initialValueType: String?
        try scanner.object(PropertyField.self, unknown: .nullOnly) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .name: name = try scanner.string()
            case .type: type = try scanner.optionalString()
            case .wrappers: wrappers = try scanner.optionalStrings()
            case .static: isStatic = try scanner.optionalBool()
            case .computed: computed = try scanner.optionalBool()
            case .constant: constant = try scanner.optionalBool()
            case .dependencyKey: dependencyKey = try scanner.optionalString()
            case .usesMainScheduler: usesMainScheduler = try scanner.optionalBool()
            case .initialValueType: initialValueType = try scanner.optionalString()
            }
        }
        guard let name else { throw ScannerDeclined() }
        return DeclaredProperty(
            name: name, type: type, wrappers: wrappers, static: isStatic, computed: computed, constant: constant,
            dependencyKey: dependencyKey, usesMainScheduler: usesMainScheduler, initialValueType: initialValueType)
    }

    static func method(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> DeclaredMethod {
        var name: String?, isStatic: Bool?, takesInout: Bool?, usesMainScheduler: Bool?
        try scanner.object(MethodField.self, unknown: .nullOnly) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .name: name = try scanner.string()
            case .static: isStatic = try scanner.optionalBool()
            case .takesInout: takesInout = try scanner.optionalBool()
            case .usesMainScheduler: usesMainScheduler = try scanner.optionalBool()
            }
        }
        guard let name else { throw ScannerDeclined() }
        return DeclaredMethod(name: name, static: isStatic, takesInout: takesInout, usesMainScheduler: usesMainScheduler)
    }

    static func enumCase(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> DeclaredCase {
        var name: String?, associatedValues: [AssociatedValue]?
        try scanner.object(CaseField.self, unknown: .nullOnly) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .name: name = try scanner.string()
            case .associatedValues: associatedValues = try scanner.optionalArray(associatedValue)
            }
        }
        guard let name else { throw ScannerDeclined() }
        return DeclaredCase(name: name, associatedValues: associatedValues)
    }

    static func associatedValue(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> AssociatedValue {
        var label: String?, type: String?
        try scanner.object(AssociatedValueField.self, unknown: .nullOnly) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .label: label = try scanner.optionalString()
            case .type: type = try scanner.string()
            }
        }
        guard let type else { throw ScannerDeclined() }
        return AssociatedValue(label: label, type: type)
    }

    static func reducer(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> DeclaredReducer {
        var owner: String?, switches: [DeclaredSwitch]?, sites: [DeclaredCodeSite]?, dependencies: [DeclaredProperty]?
        var actionType: String?, environmentType: String?, composedReducers: [String]?, setup: Bool?
        try scanner.object(ReducerField.self, unknown: .nullOnly) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .owner: owner = try scanner.optionalString()
            case .switches: switches = try scanner.optionalArray(actionSwitch)
            case .sites: sites = try scanner.optionalArray(site)
            case .dependencies: dependencies = try scanner.optionalArray(property)
            case .actionType: actionType = try scanner.optionalString()
            case .environmentType: environmentType = try scanner.optionalString()
            case .composedReducers: composedReducers = try scanner.optionalStrings()
            case .setup: setup = try scanner.optionalBool()
            }
        }
        return DeclaredReducer(
            owner: owner, switches: switches, sites: sites, dependencies: dependencies, actionType: actionType,
            environmentType: environmentType, composedReducers: composedReducers, setup: setup)
    }

    static func actionSwitch(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> DeclaredSwitch {
        var handledCases: [String]?, hasDefault: Bool?, hasCatchAll: Bool?
        try scanner.object(SwitchField.self, unknown: .nullOnly) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .handledCases: handledCases = try scanner.strings()
            case .hasDefault: hasDefault = try scanner.optionalBool()
            case .hasCatchAll: hasCatchAll = try scanner.optionalBool()
            }
        }
        guard let handledCases else { throw ScannerDeclined() }
        return DeclaredSwitch(handledCases: handledCases, hasDefault: hasDefault, hasCatchAll: hasCatchAll)
    }

    static func site(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> DeclaredCodeSite {
        var path: String?, kind: CodeSiteKind?, insideEffect: Bool?, statement: Bool?, arguments: [String]?, parent: Int?
        try scanner.object(SiteField.self, unknown: .nullOnly) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .path: path = try scanner.string()
            case .kind: kind = try scanner.optionalEnumeration()
            case .insideEffect: insideEffect = try scanner.optionalBool()
            case .statement: statement = try scanner.optionalBool()
            case .arguments: arguments = try scanner.optionalStrings()
            case .parent: parent = try scanner.optionalInt()
            }
        }
        guard let path else { throw ScannerDeclined() }
        return DeclaredCodeSite(
            path: path, kind: kind, insideEffect: insideEffect, statement: statement, arguments: arguments, parent: parent)
    }

    static func view(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> DeclaredView {
        var name: String?, holdsStore: Bool?, observesViewStore: Bool?, forwardsStore: Bool?
        var animationModifiers: [DeclaredAnimationModifier]?
        try scanner.object(ViewField.self, unknown: .nullOnly) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .name: name = try scanner.string()
            case .holdsStore: holdsStore = try scanner.optionalBool()
            case .observesViewStore: observesViewStore = try scanner.optionalBool()
            case .forwardsStore: forwardsStore = try scanner.optionalBool()
            case .animationModifiers: animationModifiers = try scanner.optionalArray(animationModifier)
            }
        }
        guard let name else { throw ScannerDeclined() }
        return DeclaredView(
            name: name, holdsStore: holdsStore, observesViewStore: observesViewStore, forwardsStore: forwardsStore,
            animationModifiers: animationModifiers)
    }

    static func animationModifier(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> DeclaredAnimationModifier {
        var modifier: String?, argument: String?, readsStore: Bool?
        try scanner.object(AnimationModifierField.self, unknown: .nullOnly) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .modifier: modifier = try scanner.string()
            case .argument: argument = try scanner.string()
            case .readsStore: readsStore = try scanner.bool()
            }
        }
        guard let modifier, let argument, let readsStore else { throw ScannerDeclined() }
        return DeclaredAnimationModifier(modifier: modifier, argument: argument, readsStore: readsStore)
    }

    static func file(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> DeclaredFile {
        var path: String?, imports: [String]?, types: [String]?, typeReferences: [String]?, glassUses: [DeclaredGlassUse]?
        try scanner.object(FileField.self, unknown: .nullOnly) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .path: path = try scanner.string()
            case .imports: imports = try scanner.optionalStrings()
            case .types: types = try scanner.optionalStrings()
            case .typeReferences: typeReferences = try scanner.optionalStrings()
            case .glassUses: glassUses = try scanner.optionalArray(glassUse)
            }
        }
        guard let path else { throw ScannerDeclined() }
        return DeclaredFile(path: path, imports: imports, types: types, typeReferences: typeReferences, glassUses: glassUses)
    }

    static func glassUse(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> DeclaredGlassUse {
        var api: String?, guarded: Bool?
        try scanner.object(GlassUseField.self, unknown: .nullOnly) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .api: api = try scanner.string()
            case .guarded: guarded = try scanner.bool()
            }
        }
        guard let api, let guarded else { throw ScannerDeclined() }
        return DeclaredGlassUse(api: api, guarded: guarded)
    }
}
