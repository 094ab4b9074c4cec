/// A declared feature spec: the JSON that a code generator pushes to describe a planned
/// TCA feature before writing it. Schema: `schemas/declared-spec.schema.json`.
public struct DeclaredSpec: Codable, Hashable, Sendable {
    /// The feature's name (`Login`).
    public var feature: String
    /// The dialect the feature will be written in (default `modern`).
    public var dialect: Dialect?
    /// The name reports use for this spec's location (default `{feature}.rulebook.json`).
    public var file: String?
    /// The feature's State type.
    public var state: DeclaredType?
    /// The feature's Action type.
    public var action: DeclaredType?
    /// The feature's Environment type (legacy dialect).
    public var environment: DeclaredType?

    public init(
        feature: String, dialect: Dialect? = nil, file: String? = nil, state: DeclaredType? = nil,
        action: DeclaredType? = nil, environment: DeclaredType? = nil
    ) {
        self.feature = feature
        self.dialect = dialect
        self.file = file
        self.state = state
        self.action = action
        self.environment = environment
    }
}

/// A declared type.
public struct DeclaredType: Codable, Hashable, Sendable {
    public var name: String
    /// Defaults to `enum` for actions and `struct` otherwise.
    public var kind: TypeKind?
    public var conformances: [String]?
    public var attributes: [String]?
    public var properties: [DeclaredProperty]?
    public var cases: [DeclaredCase]?

    public init(
        name: String, kind: TypeKind? = nil, conformances: [String]? = nil, attributes: [String]? = nil,
        properties: [DeclaredProperty]? = nil, cases: [DeclaredCase]? = nil
    ) {
        self.name = name
        self.kind = kind
        self.conformances = conformances
        self.attributes = attributes
        self.properties = properties
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

    public init(name: String, type: String?, wrappers: [String]? = nil, static: Bool? = nil, computed: Bool? = nil) {
        self.name = name
        self.type = type
        self.wrappers = wrappers
        self.static = `static`
        self.computed = computed
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
