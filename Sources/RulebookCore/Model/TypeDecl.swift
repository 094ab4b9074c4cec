/// The kind of a declared type.
public enum TypeKind: String, Codable, Sendable {
    case `struct`, `class`, `enum`, `actor`, `protocol`
}

/// A stored or computed property of a type.
public struct PropertyDecl: Codable, Hashable, Sendable {
    /// The property's name.
    public var name: String
    /// The written type (`CGFloat`, `[Item]?`), or one inferred from a simple initializer
    /// (`1.0` → `Double`, `CGSize.zero` → `CGSize`); `nil` when unknown.
    public var type: String?
    /// Property wrappers and attributes without `@` (`Presents`, `Dependency`, `State`).
    public var wrappers: [String]
    /// `static` or `class` member.
    public var isStatic: Bool
    /// Computed (has a getter body) rather than stored.
    public var isComputed: Bool
    /// Location of the property's name.
    public var location: SourceLocation

    public init(
        name: String, type: String?, wrappers: [String] = [], isStatic: Bool = false,
        isComputed: Bool = false, location: SourceLocation
    ) {
        self.name = name
        self.type = type
        self.wrappers = wrappers
        self.isStatic = isStatic
        self.isComputed = isComputed
        self.location = location
    }
}

/// One associated value of an enum case.
public struct AssociatedValue: Codable, Hashable, Sendable {
    /// The label, if any (`case loaded(items: [Item])` → `items`).
    public var label: String?
    /// The written type.
    public var type: String

    public init(label: String? = nil, type: String) {
        self.label = label
        self.type = type
    }
}

/// One case of an enum.
public struct EnumCaseDecl: Codable, Hashable, Sendable {
    /// The case name.
    public var name: String
    /// The associated values, empty for a plain case.
    public var associatedValues: [AssociatedValue]
    /// Location of the case name.
    public var location: SourceLocation

    public init(name: String, associatedValues: [AssociatedValue] = [], location: SourceLocation) {
        self.name = name
        self.associatedValues = associatedValues
        self.location = location
    }
}

/// A type declaration (State, Action, Environment, View or any other type in the spec).
public struct TypeDecl: Codable, Hashable, Sendable {
    /// The simple name (`State`, `LoginState`).
    public var name: String
    /// The dotted path of enclosing types and the name (`LoginFeature.State`).
    public var qualifiedName: String
    /// struct, class, enum, actor or protocol.
    public var kind: TypeKind
    /// Inherited types and protocols as written, including those added by extensions in the spec.
    public var conformances: [String]
    /// Attributes without `@` (`Reducer`, `ObservableState`).
    public var attributes: [String]
    /// Properties, in source order.
    public var properties: [PropertyDecl]
    /// Enum cases, in source order (empty for non-enums).
    public var cases: [EnumCaseDecl]
    /// Location of the type's name.
    public var location: SourceLocation

    public init(
        name: String, qualifiedName: String? = nil, kind: TypeKind, conformances: [String] = [],
        attributes: [String] = [], properties: [PropertyDecl] = [], cases: [EnumCaseDecl] = [],
        location: SourceLocation
    ) {
        self.name = name
        self.qualifiedName = qualifiedName ?? name
        self.kind = kind
        self.conformances = conformances
        self.attributes = attributes
        self.properties = properties
        self.cases = cases
        self.location = location
    }

    /// Stored instance properties: what the type actually holds.
    public var storedProperties: [PropertyDecl] {
        properties.filter { !$0.isStatic && !$0.isComputed }
    }
}
