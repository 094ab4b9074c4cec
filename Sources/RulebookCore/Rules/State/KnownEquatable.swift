/// What can be shown `Equatable` from the spec alone: standard value types, the containers
/// that are `Equatable` when their elements are, and the spec's own types that say so.
/// Anything else (a child's State declared in another file, a class, a closure) is unknown,
/// and a fix that declares a State `Equatable` over it becomes a suggestion: it might not build.
struct KnownEquatable {
    /// Swift's and Foundation's value types that are `Equatable`.
    static let standardTypes: Set<String> = [
        "String", "Substring", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
        "UInt32", "UInt64", "Double", "Float", "CGFloat", "Decimal", "Date", "URL", "UUID", "Data", "TimeInterval",
        "CGPoint", "CGSize", "CGRect", "Locale", "TimeZone", "DateComponents", "IndexPath", "Never",
    ]
    /// Generic types that are `Equatable` when their arguments are (TCA's and Swift's).
    static let containers: Set<String> = [
        "Optional", "Array", "Dictionary", "Set", "IdentifiedArray", "IdentifiedArrayOf", "PresentationState", "StackState",
        "BindingState", "Shared", "SharedReader", "AlertState", "ConfirmationDialogState", "TextState",
    ]
    /// Property wrappers whose storage is `Equatable` when the wrapped value is.
    static let transparentWrappers: Set<String> = [
        "Presents", "PresentationState", "BindingState", "Shared", "SharedReader", "ObservationStateIgnored",
    ]

    private let spec: [String: TypeDecl]
    private let types: [TypeDecl]
    private let equatableProtocols: Set<String>

    init(_ feature: FeatureModel, equatableProtocols: Set<String>) {
        var spec: [String: TypeDecl] = [:]
        for type in feature.types {
            spec[type.qualifiedName] = type
            if spec[type.name] == nil { spec[type.name] = type }
        }
        self.spec = spec
        types = feature.types
        self.equatableProtocols = equatableProtocols
    }

    /// The spec's type a name written inside it means: by its qualified name, its name, or a
    /// path that ends its qualified name (`Action.Alert` in `LoginFeature`).
    private func declared(_ name: String) -> TypeDecl? {
        spec[name] ?? types.first { $0.qualifiedName.hasSuffix("." + name) }
    }

    /// Whether every stored value of `state` is known `Equatable`, so that declaring it
    /// `Equatable` builds.
    func holdsOnlyEquatableValues(_ state: TypeDecl) -> Bool {
        let storedTypes: [String?] = state.kind == .enum
            ? state.cases.flatMap { $0.associatedValues.map(\.type) }
            : state.properties.filter(\.isStored).map { property in
                property.wrappers.allSatisfy(Self.transparentWrappers.contains) ? property.type : nil
            }
        return storedTypes.allSatisfy { $0.map(isEquatable) ?? false }
    }

    /// Whether the written type `type` is `Equatable`: every name in it is a standard type, a
    /// container, or a spec type that conforms (an enum without values does on its own).
    func isEquatable(_ type: String) -> Bool {
        // A function type, a tuple, an existential or opaque type is not.
        if type.contains("->") || type.contains("(") || type.hasPrefix("any ") || type.hasPrefix("some ") { return false }
        let names = type.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }
        return !names.isEmpty && names.allSatisfy { name in
            let name = String(name)
            if Self.standardTypes.contains(name) || Self.containers.contains(name) { return true }
            let unqualified = name.split(separator: ".").last.map(String.init) ?? name
            if name.hasPrefix("Swift.") || name.hasPrefix("Foundation.") { return Self.standardTypes.contains(unqualified) }
            guard let declared = declared(name) else { return false }
            return isDeclaredEquatable(declared)
        }
    }

    private func isDeclaredEquatable(_ type: TypeDecl) -> Bool {
        if type.kind == .enum, !type.cases.isEmpty, type.cases.allSatisfy({ $0.associatedValues.isEmpty }) { return true }
        return type.conformances.contains { equatableProtocols.contains(TypeName.unqualified(TypeName.base($0))) }
    }
}
