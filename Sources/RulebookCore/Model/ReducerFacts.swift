/// What kind of code a ``CodeSite`` is.
public enum CodeSiteKind: String, Codable, Sendable {
    /// A call: `print(x)`, `environment.client.fetch()`, `Task { }`.
    case call
    /// A member reference that is not called: `Date.now`, `AnalyticsService.shared`.
    case reference
    /// An `await` expression.
    case await
    /// A property set outside State: `CreateNoteManager.shared.memo = memo`,
    /// `pasteboard.string = text`, `Self.cache += 1` (the path of what the assignment sets).
    case write
    /// A `try` or `throw` in an effect's operation whose error nothing handles (TCA reports
    /// "threw an unhandled error"): not `try?`/`try!`, outside any `do` with a `catch`, in a
    /// `.run`/`.task` without a `catch:` handler, and not in a closure of its own unless a
    /// tried call takes that closure (`try await withTaskCancellation(id:) { try … }`, a site
    /// inside the outer one). Its path is `try` or `throw`; what it tries are its children
    /// (``CodeSite/parent``).
    case `throw`
}

/// The Effect builders whose operation's errors TCA reports unless a `catch:` handler takes
/// them: `.run` and legacy `.task`, written bare or on an Effect type (`Effect.run`,
/// `EffectTask.task`); `fireAndForget` drops them itself. Both front ends' ``CodeSiteKind/throw``
/// and `effect-unhandled-error` read it.
public enum ReportingEffectBuilder {
    static let methods: Set<String> = ["run", "task"]

    /// Whether a callee path (`.run`, `Effect.run`) builds such an effect.
    public static func isBuilt(byCallee path: String) -> Bool {
        let parts = path.split(separator: ".")
        guard let last = parts.last, methods.contains(String(last)) else { return false }
        return parts.dropLast().allSatisfy { $0.hasPrefix("Effect") }
    }
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
    /// Argument labels of a call, `_` for unlabeled ones, trailing closures excluded
    /// (`Int.random(in: 1...6)` → `["in"]`, `Date()` → `[]`); empty for references and awaits.
    public var argumentLabels: [String]
    /// Identifies the site within its reducer (its position in the walk).
    public var id: Int
    /// The ``id`` of the innermost call or `await` whose callee chain, arguments or closures
    /// contain this site (`URLSession.shared.dataTask(…)` inside `….resume()`, anything inside
    /// `Task { }`); `nil` at the top of an expression.
    public var parent: Int?

    public init(
        kind: CodeSiteKind, path: String, insideEffect: Bool, isStatement: Bool, location: SourceLocation,
        argumentLabels: [String] = [], id: Int = 0, parent: Int? = nil
    ) {
        self.kind = kind
        self.path = path
        self.insideEffect = insideEffect
        self.isStatement = isStatement
        self.location = location
        self.argumentLabels = argumentLabels
        self.id = id
        self.parent = parent
    }

    /// The path's components (`["environment", "analytics", "track"]`). Split on the `.`
    /// byte: a path's `.` always stands alone, followed by an identifier, `(` or `.`.
    public var components: [String] {
        var path = path
        return path.withUTF8 { bytes in
            var parts: [String] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: ".") {
                if index > start { parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
                start = index + 1
            }
            return parts
        }
    }
}

/// A `switch action` inside a reducer.
public struct ActionSwitch: Codable, Hashable, Sendable {
    /// The top-level Action case each `case` pattern matches (`.loginResponse(.success)` → `loginResponse`).
    public var handledCases: [String]
    /// Where `default:` is, if the switch has one.
    public var defaultLocation: SourceLocation?
    /// Where a pattern that matches every remaining action (`case _:`, `case let other:`) is.
    public var catchAllLocation: SourceLocation?
    /// Location of the `switch` keyword.
    public var location: SourceLocation
    /// The cases the switch's patterns match whatever their values (`.a`, `.a(let x)`, with
    /// no `where`), so a catch-all after them catches none of their actions; `nil` where that
    /// is not known (a declared switch, a switch with `#if` clauses).
    public var completelyHandledCases: [String]?

    public init(
        handledCases: [String], defaultLocation: SourceLocation? = nil, catchAllLocation: SourceLocation? = nil,
        location: SourceLocation, completelyHandledCases: [String]? = nil
    ) {
        self.handledCases = handledCases
        self.defaultLocation = defaultLocation
        self.catchAllLocation = catchAllLocation
        self.location = location
        self.completelyHandledCases = completelyHandledCases
    }
}

/// One reducer of the feature: a legacy `Reducer<S, A, E> { }` closure, or a modern
/// `Reduce { }` / `reduce(into:action:)` with the reducer type's helpers that take
/// `inout State`.
public struct ReducerFacts: Codable, Hashable, Sendable {
    /// The reducer type (modern) or variable (legacy), when known; a reducer built in a
    /// method names it too (`Root.initializationReduce()`).
    public var owner: String?
    /// `switch action` statements.
    public var switches: [ActionSwitch]
    /// Calls, references and awaits in the body, in source order.
    public var sites: [CodeSite]
    /// `@Dependency` properties of the reducer type (modern).
    public var dependencies: [PropertyDecl]
    /// The type of the reducer's action as written (`LoginAction` from `Reducer<LoginState,
    /// LoginAction, LoginEnvironment>`, `Action.Alert` from a helper's `action:` parameter),
    /// when the code says; `nil` for a plain `Reduce { state, action in }`. A member alias is
    /// followed: `PayLoginAction` where `Action` is `typealias Action = PayLoginAction`.
    public var actionType: String?
    /// The Environment type as written (`LoginEnvironment` from `Reducer<LoginState,
    /// LoginAction, LoginEnvironment>`), when the code says; `nil` for modern reducers.
    public var environmentType: String?
    /// The app's reducers composed beside this one, on the same State and Action
    /// (`ApplicationFeature.RootReducer()` listed in the same `body`): they handle Action
    /// cases too. TCA's own reducers and scoped children are not listed.
    public var composedReducers: [String]
    /// The reducer type's setup code rather than a reducer (``FeatureModel/setups``).
    public var isSetup: Bool
    public var location: SourceLocation

    public init(
        owner: String?, switches: [ActionSwitch] = [], sites: [CodeSite] = [], dependencies: [PropertyDecl] = [],
        actionType: String? = nil, environmentType: String? = nil, composedReducers: [String] = [], isSetup: Bool = false,
        location: SourceLocation
    ) {
        self.owner = owner
        self.switches = switches
        self.sites = sites
        self.dependencies = dependencies
        self.actionType = actionType
        self.environmentType = environmentType
        self.composedReducers = composedReducers
        self.isSetup = isSetup
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
    /// Hands the store on to other views instead of reading it: `store.scope(…)`,
    /// `IfLetStore`, `ForEachStore`, `SwitchStore`, `NavigationStackStore`, or `store` passed
    /// as an argument.
    public var forwardsStore: Bool
    /// Animation modifiers and where their values come from.
    public var animationModifiers: [AnimationModifierUse]
    public var location: SourceLocation

    public init(
        name: String, holdsStore: Bool, observesViewStore: Bool, forwardsStore: Bool = false,
        animationModifiers: [AnimationModifierUse] = [], location: SourceLocation
    ) {
        self.name = name
        self.holdsStore = holdsStore
        self.observesViewStore = observesViewStore
        self.forwardsStore = forwardsStore
        self.animationModifiers = animationModifiers
        self.location = location
    }
}

extension ReducerFacts {
    /// The type around the reducer: ``owner`` without the functions it is built in
    /// (`Root` for `Root.initializationReduce()`), whose members the reducer reaches.
    public var ownerType: String? {
        owner.map { $0.split(separator: ".").prefix { !$0.utf8.contains(UInt8(ascii: "(")) }.joined(separator: ".") }
    }
}
