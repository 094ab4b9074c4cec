/// The kind of a declared type.
public enum TypeKind: String, Codable, Sendable {
    case `struct`, `class`, `enum`, `actor`, `protocol`
}

/// A stored or computed property of a type. Immutable, with its fields in one shared box:
/// the rules test every property of a spec, and a copy of the value then costs one
/// reference count instead of one per string and array it holds.
public struct PropertyDecl: Codable, Hashable, Sendable {
    private let box: Box

    /// The property's name.
    public var name: String { box.fields.name }
    /// The written type (`CGFloat`, `[Item]?`), or one inferred from a simple initializer
    /// (`1.0` → `Double`, `CGSize.zero` → `CGSize`); `nil` when unknown.
    public var type: String? { box.fields.type }
    /// The written type without optionals, array brackets and generic arguments
    /// (``TypeName/base(_:)``: `[Item]?` → `Item`), worked out once for the rules that test it.
    public var baseType: String? { box.baseType }
    /// Property wrappers and attributes without `@` (`Presents`, `Dependency`, `State`).
    public var wrappers: [String] { box.fields.wrappers }
    /// `static` or `class` member.
    public var isStatic: Bool { box.fields.isStatic }
    /// Computed (has a getter body) rather than stored.
    public var isComputed: Bool { box.fields.isComputed }
    /// A `let`: set once and never changed (`let cornerRadius: CGFloat = 12`).
    public var isConstant: Bool { box.fields.isConstant }
    /// Location of the property's name.
    public var location: SourceLocation { box.fields.location }
    /// The key of `@Dependency(\.key)` (`analyticsClient`), if the property is a dependency.
    public var dependencyKey: String? { box.fields.dependencyKey }
    /// Where the property's initializer or getter passes a `.main` scheduler
    /// (`mainQueue: .main`, `DispatchQueue.main.eraseToAnyScheduler()`).
    public var mainSchedulerUses: [SourceLocation] { box.fields.mainSchedulerUses }
    /// The type of the value the property starts with, when its initial value is built by an
    /// initializer call: `Store` for `= Store(initialState: …) { … }`, the written type for
    /// `= .init(…)`, and the argument's type when an `init` assigns the wrapper itself
    /// (`_store = State(wrappedValue: Store(…))`); `nil` otherwise.
    public var initialValueType: String? { box.fields.initialValueType }

    /// A stored instance property (neither static nor computed).
    public var isStored: Bool { !box.fields.isStatic && !box.fields.isComputed }

    /// The same property with the type `type` (one worked out from the rest of the spec).
    public func withType(_ type: String) -> PropertyDecl {
        with(type: type, initialValueType: initialValueType)
    }

    /// The same property starting with a value of type `type` (one an `init` assigns it).
    public func withInitialValueType(_ type: String) -> PropertyDecl {
        with(type: self.type, initialValueType: type)
    }

    private func with(type: String?, initialValueType: String?) -> PropertyDecl {
        let fields = box.fields
        return PropertyDecl(
            name: fields.name, type: type, wrappers: fields.wrappers, isStatic: fields.isStatic, isComputed: fields.isComputed,
            isConstant: fields.isConstant, location: fields.location, dependencyKey: fields.dependencyKey,
            mainSchedulerUses: fields.mainSchedulerUses, initialValueType: initialValueType)
    }

    public init(
        name: String, type: String?, wrappers: [String] = [], isStatic: Bool = false,
        isComputed: Bool = false, isConstant: Bool = false, location: SourceLocation, dependencyKey: String? = nil,
        mainSchedulerUses: [SourceLocation] = [], initialValueType: String? = nil
    ) {
        box = Box(
            Fields(
                name: name, type: type, wrappers: wrappers, isStatic: isStatic, isComputed: isComputed, isConstant: isConstant,
                location: location, dependencyKey: dependencyKey, mainSchedulerUses: mainSchedulerUses,
                initialValueType: initialValueType))
    }

    /// Decodes the fields as a plain struct of them is encoded.
    public init(from decoder: any Decoder) throws {
        box = Box(try Fields(from: decoder))
    }

    /// Encodes the fields as a plain struct of them.
    public func encode(to encoder: any Encoder) throws {
        try box.fields.encode(to: encoder)
    }

    public static func == (lhs: PropertyDecl, rhs: PropertyDecl) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    public func hash(into hasher: inout Hasher) {
        box.fields.hash(into: &hasher)
    }

    /// The property's fields, as the value held them.
    private struct Fields: Codable, Hashable, Sendable {
        let name: String
        let type: String?
        let wrappers: [String]
        let isStatic: Bool
        let isComputed: Bool
        let isConstant: Bool
        let location: SourceLocation
        let dependencyKey: String?
        let mainSchedulerUses: [SourceLocation]
        let initialValueType: String?
    }

    private final class Box: Sendable {
        let fields: Fields
        let baseType: String?

        init(_ fields: Fields) {
            self.fields = fields
            baseType = fields.type.map(TypeName.base)
        }
    }
}

/// A method (or initializer-like static factory) of a type.
public struct MethodDecl: Codable, Hashable, Sendable {
    public var name: String
    public var isStatic: Bool
    /// Takes an `inout` parameter (a reducer helper `func handle(_ state: inout State)`).
    public var hasInoutParameter: Bool
    /// Location of the method's name.
    public var location: SourceLocation
    /// Where the body passes a `.main` scheduler.
    public var mainSchedulerUses: [SourceLocation]

    public init(name: String, isStatic: Bool = false, hasInoutParameter: Bool = false, location: SourceLocation, mainSchedulerUses: [SourceLocation] = []) {
        self.name = name
        self.isStatic = isStatic
        self.hasInoutParameter = hasInoutParameter
        self.location = location
        self.mainSchedulerUses = mainSchedulerUses
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
    /// Declared in an `#if` clause: only some builds have it.
    public var isConditional: Bool

    public init(name: String, associatedValues: [AssociatedValue] = [], location: SourceLocation, isConditional: Bool = false) {
        self.name = name
        self.associatedValues = associatedValues
        self.location = location
        self.isConditional = isConditional
    }

    private enum CodingKeys: String, CodingKey { case name, associatedValues, location, isConditional }

    /// Reads a case written without `isConditional` (declared specs, older indexes) as unconditional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        associatedValues = try container.decode([AssociatedValue].self, forKey: .associatedValues)
        location = try container.decode(SourceLocation.self, forKey: .location)
        isConditional = try container.decodeIfPresent(Bool.self, forKey: .isConditional) ?? false
    }
}

/// A type declaration (State, Action, Environment, View or any other type in the spec).
///
/// The fields live in one shared box, copied on write: rules and the model pass types around
/// by value, and a copy is then one reference count instead of one per string and array.
/// Encoded, compared and hashed by its fields, as a plain struct of them would be.
public struct TypeDecl: Codable, Hashable, Sendable {
    private var storage: CopyOnWrite<Fields>

    /// The simple name (`State`, `LoginState`).
    public var name: String {
        get { storage.fields.name }
        set { storage.modify { $0.name = newValue } }
    }
    /// The dotted path of enclosing types and the name (`LoginFeature.State`).
    public var qualifiedName: String {
        get { storage.fields.qualifiedName }
        set { storage.modify { $0.qualifiedName = newValue } }
    }
    /// struct, class, enum, actor or protocol.
    public var kind: TypeKind {
        get { storage.fields.kind }
        set { storage.modify { $0.kind = newValue } }
    }
    /// Inherited types and protocols as written, including those added by extensions in the spec.
    public var conformances: [String] {
        get { storage.fields.conformances }
        set { storage.modify { $0.conformances = newValue } }
    }
    /// Attributes without `@` (`Reducer`, `ObservableState`).
    public var attributes: [String] {
        get { storage.fields.attributes }
        set { storage.modify { $0.attributes = newValue } }
    }
    /// Properties, in source order.
    public var properties: [PropertyDecl] {
        get { storage.fields.properties }
        set { storage.modify { $0.properties = newValue } }
    }
    /// Enum cases, in source order (empty for non-enums).
    public var cases: [EnumCaseDecl] {
        get { storage.fields.cases }
        set { storage.modify { $0.cases = newValue } }
    }
    /// Methods, including those added by extensions in the spec.
    public var methods: [MethodDecl] {
        get { storage.fields.methods }
        set { storage.modify { $0.methods = newValue } }
    }
    /// `public`, `internal`, `private` … as written (`nil`: the default, internal).
    public var accessLevel: String? {
        get { storage.fields.accessLevel }
        set { storage.modify { $0.accessLevel = newValue } }
    }
    /// Location of the type's name.
    public var location: SourceLocation {
        get { storage.fields.location }
        set { storage.modify { $0.location = newValue } }
    }
    /// Where a conformance is written into the declaration; Swift sources only.
    public var conformanceSlot: ConformanceSlot? {
        get { storage.fields.conformanceSlot }
        set { storage.modify { $0.conformanceSlot = newValue } }
    }
    /// Where a member is added to the declaration: just after its last member (before the
    /// line break and `}` that close it); Swift sources only.
    public var memberSlot: SourceLocation? {
        get { storage.fields.memberSlot }
        set { storage.modify { $0.memberSlot = newValue } }
    }

    public init(
        name: String, qualifiedName: String? = nil, kind: TypeKind, conformances: [String] = [],
        attributes: [String] = [], properties: [PropertyDecl] = [], cases: [EnumCaseDecl] = [],
        methods: [MethodDecl] = [], accessLevel: String? = nil, location: SourceLocation,
        conformanceSlot: ConformanceSlot? = nil, memberSlot: SourceLocation? = nil
    ) {
        storage = CopyOnWrite(
            Fields(
                name: name, qualifiedName: qualifiedName ?? name, kind: kind, conformances: conformances,
                attributes: attributes, properties: properties, cases: cases, methods: methods, accessLevel: accessLevel,
                location: location, conformanceSlot: conformanceSlot, memberSlot: memberSlot))
    }

    /// Decodes the fields as a plain struct of them is encoded.
    public init(from decoder: any Decoder) throws {
        storage = try CopyOnWrite(from: decoder)
    }

    /// Encodes the fields as a plain struct of them.
    public func encode(to encoder: any Encoder) throws {
        try storage.encode(to: encoder)
    }

    /// The type's fields, as the value holds them.
    private struct Fields: Codable, Hashable, Sendable {
        var name: String
        var qualifiedName: String
        var kind: TypeKind
        var conformances: [String]
        var attributes: [String]
        var properties: [PropertyDecl]
        var cases: [EnumCaseDecl]
        var methods: [MethodDecl]
        var accessLevel: String?
        var location: SourceLocation
        var conformanceSlot: ConformanceSlot?
        var memberSlot: SourceLocation?
    }

    /// Declared in a function body (a test method's fixture, say): its qualified name holds
    /// the function (`FeatureTests.testCount().Feature`), and no extension can reach it.
    public var isFunctionLocal: Bool { qualifiedName.utf8.contains(UInt8(ascii: "(")) }

    /// The qualified name inside the innermost function that declares the type
    /// (`Feature.State` for `FeatureTests.testCount().Feature.State`); the qualified name
    /// for a type outside any function.
    public var nameInScope: Substring {
        guard let close = qualifiedName.lastIndex(of: ")") else { return Substring(qualifiedName) }
        return qualifiedName[qualifiedName.index(after: close)...].drop { $0 == "." }
    }

    /// Whether the type conforms to `name` (directly or via an extension), ignoring module
    /// qualification.
    public func conforms(to name: String) -> Bool {
        conformances.contains { TypeName.unqualified(TypeName.base($0)) == name }
    }

    /// Whether the type has a static member (property or method) called `name`.
    public func hasStaticMember(named name: String) -> Bool {
        properties.contains { $0.isStatic && $0.name == name } || methods.contains { $0.isStatic && $0.name == name }
    }

    /// Stored instance properties: what the type actually holds.
    public var storedProperties: [PropertyDecl] {
        properties.filter(\.isStored)
    }

    /// A concrete type (not a protocol) with stored instance properties: an Environment that
    /// actually holds dependencies.
    public var holdsStoredProperties: Bool {
        kind != .protocol && properties.contains(where: \.isStored)
    }
}

/// Where a conformance is written into a type's declaration: just after its last inherited
/// type, or after its name (and generic parameters) when it inherits nothing.
public struct ConformanceSlot: Codable, Hashable, Sendable {
    /// The point to insert at.
    public var location: SourceLocation
    /// The declaration has an inheritance clause, so a new conformance follows a comma.
    public var followsClause: Bool

    public init(location: SourceLocation, followsClause: Bool) {
        self.location = location
        self.followsClause = followsClause
    }

    /// The edit that declares the type conforming to `name` (`: Equatable` or `, Equatable`).
    public func adding(_ name: String) -> ProposedFix.Replacement {
        ProposedFix.Replacement(location, with: followsClause ? ", \(name)" : ": \(name)")
    }
}
