/// What kind of code a ``CodeSite`` is.
public enum CodeSiteKind: String, Codable, Sendable {
    /// A call: `print(x)`, `environment.client.fetch()`, `Task { }`.
    case call
    /// A member reference that is not called: `Date.now`, `AnalyticsService.shared`.
    case reference
    /// An `await` expression.
    case await
}

/// A call, reference or `await` inside a reducer body.
public struct CodeSite: Codable, Hashable, Sendable {
    public var kind: CodeSiteKind
    /// The callee or reference as a dotted path without arguments, with `()` for calls in
    /// the chain: `print`, `environment.analytics.track`, `URLSession.shared.dataTask`,
    /// `Date`, `Int.random`, `environment.client.fetch().catchToEffect`; `await` for awaits.
    public var path: String
    /// Inside an Effect closure (`.run { }`, `.task { }`, `Effect { }`, `.fireAndForget { }` …).
    public var insideEffect: Bool
    /// Used as a statement on its own, its result unused (not returned, assigned or chained).
    public var isStatement: Bool
    public var location: SourceLocation

    public init(kind: CodeSiteKind, path: String, insideEffect: Bool, isStatement: Bool, location: SourceLocation) {
        self.kind = kind
        self.path = path
        self.insideEffect = insideEffect
        self.isStatement = isStatement
        self.location = location
    }

    /// The path's components (`["environment", "analytics", "track"]`).
    public var components: [String] { path.split(separator: ".").map(String.init) }
}

/// A `switch action` inside a reducer.
public struct ActionSwitch: Codable, Hashable, Sendable {
    /// The top-level Action case each `case` pattern matches (`.loginResponse(.success)` → `loginResponse`).
    public var handledCases: [String]
    /// Where `default:` is, if the switch has one.
    public var defaultLocation: SourceLocation?
    /// Location of the `switch` keyword.
    public var location: SourceLocation

    public init(handledCases: [String], defaultLocation: SourceLocation? = nil, location: SourceLocation) {
        self.handledCases = handledCases
        self.defaultLocation = defaultLocation
        self.location = location
    }
}

/// One reducer of the feature: a legacy `Reducer<S, A, E> { }` closure, or a modern
/// `Reduce { }` / `reduce(into:action:)` with the reducer type's helpers that take
/// `inout State`.
public struct ReducerFacts: Codable, Hashable, Sendable {
    /// The reducer type (modern) or variable (legacy), when known.
    public var owner: String?
    /// `switch action` statements.
    public var switches: [ActionSwitch]
    /// Calls, references and awaits in the body, in source order.
    public var sites: [CodeSite]
    /// `@Dependency` properties of the reducer type (modern).
    public var dependencies: [PropertyDecl]
    public var location: SourceLocation

    public init(owner: String?, switches: [ActionSwitch] = [], sites: [CodeSite] = [], dependencies: [PropertyDecl] = [], location: SourceLocation) {
        self.owner = owner
        self.switches = switches
        self.sites = sites
        self.dependencies = dependencies
        self.location = location
    }
}

/// A view modifier that sets an animatable value (`scaleEffect`, `opacity` …).
public struct AnimationModifierUse: Codable, Hashable, Sendable {
    /// The modifier (`scaleEffect`).
    public var modifier: String
    /// The value as written (`viewStore.buttonScale`).
    public var argument: String
    /// The value is read straight from the store (`viewStore.x`, `store.x`, `viewStore.state.x`).
    public var readsStore: Bool
    public var location: SourceLocation

    public init(modifier: String, argument: String, readsStore: Bool, location: SourceLocation) {
        self.modifier = modifier
        self.argument = argument
        self.readsStore = readsStore
        self.location = location
    }
}

/// A SwiftUI view of the feature.
public struct ViewFacts: Codable, Hashable, Sendable {
    public var name: String
    /// Holds a `Store<…>` / `StoreOf<…>` property.
    public var holdsStore: Bool
    /// Observes the store through `WithViewStore` / `ViewStore` (legacy).
    public var observesViewStore: Bool
    /// Animation modifiers and where their values come from.
    public var animationModifiers: [AnimationModifierUse]
    public var location: SourceLocation

    public init(name: String, holdsStore: Bool, observesViewStore: Bool, animationModifiers: [AnimationModifierUse] = [], location: SourceLocation) {
        self.name = name
        self.holdsStore = holdsStore
        self.observesViewStore = observesViewStore
        self.animationModifiers = animationModifiers
        self.location = location
    }
}
