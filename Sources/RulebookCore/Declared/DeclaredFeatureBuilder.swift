/// Turns a ``DeclaredSpec`` into the ``FeatureModel`` the rules read, with every location a
/// JSON pointer into the spec (`/state/properties/2`).
public enum DeclaredFeatureBuilder {
    /// The feature model of `spec`.
    public static func model(of spec: DeclaredSpec) -> FeatureModel {
        let file = spec.file ?? "\(spec.feature).rulebook.json"
        func location(_ pointer: String) -> SourceLocation {
            SourceLocation(file: file, pointer: pointer)
        }
        func type(_ declared: DeclaredType?, at key: String, defaultKind: TypeKind) -> TypeDecl? {
            guard let declared else { return nil }
            let properties = (declared.properties ?? []).enumerated().map { index, property in
                PropertyDecl(
                    name: property.name, type: property.type, wrappers: property.wrappers ?? [],
                    isStatic: property.static ?? false, isComputed: property.computed ?? false,
                    location: location("/\(key)/properties/\(index)"))
            }
            let cases = (declared.cases ?? []).enumerated().map { index, enumCase in
                EnumCaseDecl(
                    name: enumCase.name, associatedValues: enumCase.associatedValues ?? [],
                    location: location("/\(key)/cases/\(index)"))
            }
            return TypeDecl(
                name: declared.name, kind: declared.kind ?? defaultKind,
                conformances: declared.conformances ?? [], attributes: declared.attributes ?? [],
                properties: properties, cases: cases, location: location("/\(key)"))
        }
        let state = type(spec.state, at: "state", defaultKind: .struct)
        let action = type(spec.action, at: "action", defaultKind: .enum)
        let environment = type(spec.environment, at: "environment", defaultKind: .struct)
        return FeatureModel(
            name: spec.feature, origin: .declared, dialect: spec.dialect ?? .modern,
            states: state.map { [$0] } ?? [], actions: action.map { [$0] } ?? [],
            environments: environment.map { [$0] } ?? [],
            types: [state, action, environment].compactMap { $0 },
            files: [FileFacts(path: file)])
    }
}
