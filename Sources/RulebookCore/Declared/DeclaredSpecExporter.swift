/// Describes a feature model as a declared spec: the inverse of ``DeclaredFeatureBuilder``.
/// `rulebook describe` uses it to show code generators the declared form of existing code,
/// and tests use it to prove both front ends lead the rules to the same findings.
public enum DeclaredSpecExporter {
    /// The declared spec of `model` (locations are not carried: a declared spec has none).
    public static func spec(of model: FeatureModel, file: String? = nil) -> DeclaredSpec {
        let roles = Set((model.states + model.actions + model.environments).map(\.qualifiedName))
        let others = model.types.filter { !roles.contains($0.qualifiedName) }
        return DeclaredSpec(
            feature: model.name, dialect: model.dialect == .unknown ? nil : model.dialect, file: file,
            state: model.states.first.map(type), action: model.actions.first.map(type),
            environment: model.environments.first.map(type),
            types: nonEmpty(Array(model.states.dropFirst()).map(type) + Array(model.actions.dropFirst()).map(type)
                + Array(model.environments.dropFirst()).map(type) + others.map(type)),
            reducers: nonEmpty((model.reducers + model.setups).map(reducer)), views: nonEmpty(model.views.map(view)),
            files: nonEmpty(model.files.map(declaredFile)), project: model.project)
    }

    private static func nonEmpty<T>(_ values: [T]) -> [T]? { values.isEmpty ? nil : values }

    private static func type(_ type: TypeDecl) -> DeclaredType {
        DeclaredType(
            name: type.name, qualifiedName: type.qualifiedName == type.name ? nil : type.qualifiedName, kind: type.kind, conformances: nonEmpty(type.conformances),
            attributes: nonEmpty(type.attributes), accessLevel: type.accessLevel,
            properties: nonEmpty(type.properties.map(property)),
            methods: nonEmpty(type.methods.map { method in
                DeclaredMethod(
                    name: method.name, static: method.isStatic ? true : nil, takesInout: method.hasInoutParameter ? true : nil,
                    usesMainScheduler: method.mainSchedulerUses.isEmpty ? nil : true)
            }),
            cases: nonEmpty(type.cases.map { DeclaredCase(name: $0.name, associatedValues: nonEmpty($0.associatedValues)) }))
    }

    private static func property(_ property: PropertyDecl) -> DeclaredProperty {
        DeclaredProperty(
            name: property.name, type: property.type, wrappers: nonEmpty(property.wrappers),
            static: property.isStatic ? true : nil, computed: property.isComputed ? true : nil,
            constant: property.isConstant ? true : nil, dependencyKey: property.dependencyKey,
            usesMainScheduler: property.mainSchedulerUses.isEmpty ? nil : true, initialValueType: property.initialValueType)
    }

    private static func reducer(_ reducer: ReducerFacts) -> DeclaredReducer {
        let indexById = Dictionary(reducer.sites.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        return DeclaredReducer(
            owner: reducer.owner,
            switches: nonEmpty(reducer.switches.map { declared in
                DeclaredSwitch(
                    handledCases: declared.handledCases, hasDefault: declared.defaultLocation != nil ? true : nil,
                    hasCatchAll: declared.catchAllLocation != nil ? true : nil)
            }),
            sites: nonEmpty(reducer.sites.map { site in
                DeclaredCodeSite(
                    path: site.path, kind: site.kind == .call ? nil : site.kind, insideEffect: site.insideEffect ? true : nil,
                    statement: site.isStatement ? true : nil, arguments: nonEmpty(site.argumentLabels),
                    parent: site.parent.flatMap { indexById[$0] })
            }),
            dependencies: nonEmpty(reducer.dependencies.map(property)), actionType: reducer.actionType,
            environmentType: reducer.environmentType, composedReducers: nonEmpty(reducer.composedReducers),
            setup: reducer.isSetup ? true : nil)
    }

    private static func view(_ view: ViewFacts) -> DeclaredView {
        DeclaredView(
            name: view.name, holdsStore: view.holdsStore, observesViewStore: view.observesViewStore,
            forwardsStore: view.forwardsStore ? true : nil,
            animationModifiers: nonEmpty(view.animationModifiers.map {
                DeclaredAnimationModifier(modifier: $0.modifier, argument: $0.argument, readsStore: $0.readsStore)
            }))
    }

    private static func declaredFile(_ file: FileFacts) -> DeclaredFile {
        DeclaredFile(
            path: file.path, imports: nonEmpty(file.imports.map(\.module)), types: nonEmpty(file.topLevelTypes),
            typeReferences: nonEmpty(file.typeReferences.map(\.name)),
            glassUses: nonEmpty(file.glassUses.map { DeclaredGlassUse(api: $0.api, guarded: $0.isAvailabilityGuarded) }))
    }
}
