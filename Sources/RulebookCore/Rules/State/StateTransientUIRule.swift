/// `state-transient-ui`: focus, drag, gesture, hover and scroll position belong to the View.
public struct StateTransientUIRule: Rule {
    /// Exact property names that are transient UI state.
    public static let transientNames: Set<String> = [
        "isFocused", "isDragging", "isHovered", "isHovering", "scrollOffset", "scrollPosition",
    ]
    /// First camelCase words that make a property transient UI state (`focusedField`, `dragOffset`).
    public static let transientPrefixes = [
        "focus", "focused", "drag", "dragged", "dragging", "gesture", "hover", "hovered", "hovering",
    ]
    /// Last words that make an `is…` flag or any `Bool` transient UI state (`isSearchFocused`,
    /// `postCommentFocused`, `isPanning`).
    public static let transientFlagSuffixes = ["Focused", "Dragging", "Hovered", "Hovering", "Panning", "Scrolling"]
    /// Types (or property wrappers) that only exist for transient UI state.
    public static let transientTypes: Set<String> = ["FocusState", "GestureState", "DragGesture.Value"]
    /// Transient types that SwiftUI declares generic.
    static let genericWrappers: Set<String> = ["FocusState", "GestureState"]
    /// A Boolean flag's name starts with `is` (`isSearchFocused`).
    static let flagPrefix = AffixList(["is"])
    /// Types that make a name-matched property business data (`focusDuration: TimeInterval`,
    /// `focusSessions: [Session]` in a focus-timer app), never transient UI state.
    static let businessTypes = WordSet(["Date", "TimeInterval", "Duration"])

    /// Words that make a name-matched property business data (`focusTimeBySeconds: Int` of a
    /// focus timer, `focusDate` of a calendar).
    static let dataWords: Set<String> = ["Time", "Seconds", "Minutes", "Hours", "Duration", "Count", "Date", "Day"]

    /// The camelCase words of a name after the first (`Time`, `By`, `Seconds` of `focusTimeBySeconds`).
    static func camelCaseWords(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in name.drop(while: { !$0.isUppercase }) {
            if character.isUppercase, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private let names: WordSet
    private let prefixes: AffixList
    private let flagSuffixes: AffixList
    private let types: WordSet

    public init(options: RuleOptions) {
        names = options.words("transient_names", default: Self.transientNames)
        prefixes = options.affixes("transient_prefixes", default: Self.transientPrefixes)
        flagSuffixes = options.affixes("transient_flag_suffixes", default: Self.transientFlagSuffixes)
        types = options.words("transient_types", default: Self.transientTypes)
    }

    public static let description = RuleDescription(
        id: "state-transient-ui",
        name: "Transient UI state in State",
        defaultSeverity: .warning,
        summary: "Store State must not hold focus, drag, gesture, hover or scroll-position state.",
        rationale: """
            State holds business state only: transient UI state such as focus or drag positions \
            lives in `@State` in the View. Routing \
            per-keystroke focus or per-frame drag positions through the Store floods it with \
            actions and couples the domain to one screen's layout. Names decide only where the \
            type does not: a collection or a date is data (`focusSessions`), so is a duration, a \
            count or a day whatever its first word (`focusTimeBySeconds: Int` of a focus timer), and a feature's \
            State is a child feature whatever its name (`var focus = Focus.State()`). A group \
            prefix is not part of a name's words (`view_focusField` is a `focusField`). Where a \
            property is both (`var dragOffset: CGSize`), this rule's finding is the one kept: \
            it says what the value is; `state-animation-value` stays quiet there.
            """,
        options: [
            RuleOptionDescription(key: "transient_names", summary: "Exact property names that are transient UI state.", defaults: transientNames.sorted()),
            RuleOptionDescription(key: "transient_prefixes", summary: "First camelCase words that make a property transient UI state.", defaults: transientPrefixes),
            RuleOptionDescription(key: "transient_flag_suffixes", summary: "Last words that make an `is…` flag or a `Bool` transient UI state.", defaults: transientFlagSuffixes),
            RuleOptionDescription(key: "transient_types", summary: "Types or property wrappers that are transient UI state.", defaults: transientTypes.sorted()),
        ],
        supersedes: ["state-animation-value"],
        triggeringExamples: [
            RuleExample(
                """
                struct CommentsState: Equatable {
                  var comments: [Comment] = []
                  var ↓postCommentFocused = false
                }
                """, fileName: "CommentsState.swift"),
            RuleExample(
                """
                struct LoginState: Equatable {
                  var email = ""
                  var password = ""
                  var ↓focusedField: Field?
                  var ↓isFocused = false
                  var ↓view_focusField: Field?
                  enum Field: Hashable { case email, password }
                }
                """, fileName: "LoginState.swift"),
            RuleExample(
                """
                @Reducer
                struct BoardFeature {
                  @ObservableState
                  struct State: Equatable {
                    var cards: IdentifiedArrayOf<Card> = []
                    var ↓isDragging = false
                    var ↓dragLocation: CGPoint?
                    var ↓isHovered: Bool = false
                  }
                  enum Action { case cardMoved(id: Card.ID, to: Int) }
                }
                """, fileName: "BoardFeature.swift"),
            RuleExample(
                """
                struct FeedState: Equatable {
                  var posts: [Post] = []
                  var ↓scrollOffset: Double = 0
                  var ↓isSearchFocused = false
                  var ↓isScrolling = false
                  var ↓gestureTranslation: CGSize?
                }
                """, fileName: "FeedState.swift"),
            RuleExample(
                """
                @Reducer
                struct EditorFeature {
                  @ObservableState
                  struct State: Equatable {
                    var text = ""
                    var ↓dragValue: DragGesture.Value?
                    var ↓field: FocusState<Bool>.Binding?
                  }
                  enum Action { case textChanged(String) }
                }
                """, fileName: "EditorFeature.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct Root {
                  struct State: Equatable {
                    var focus = Focus.State()
                    var dragAndDrop: DragAndDrop.State?
                  }
                  enum Action { case focus(Focus.Action), dragAndDrop(DragAndDrop.Action) }
                }
                """, fileName: "Root.swift"),
            RuleExample(
                """
                struct LoginState: Equatable {
                  var email = ""
                  var password = ""
                  var isLoading = false
                }
                struct LoginView: View {
                  let store: Store<LoginState, LoginAction>
                  @FocusState private var focusedField: Field?
                  @GestureState private var dragOffset: CGSize = .zero
                }
                """, fileName: "LoginState.swift"),
            RuleExample(
                """
                @Reducer
                struct PomodoroFeature {
                  @ObservableState
                  struct State: Equatable {
                    var focusDuration: TimeInterval = 25 * 60
                    var focusSessions: [Session] = []
                    var focusStartedAt: Date?
                    var draft = ""
                    var dragonCount = 0
                  }
                  enum Action { case startTapped }
                }
                """, fileName: "PomodoroFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct CounterFeature {
                  @ObservableState
                  struct State: Equatable {
                    var count = 0
                    var isTimerRunning = false
                    var scrollToTop = false
                    static let focusedDefault = 0
                    var isFocusable: Bool { count > 0 }
                  }
                  enum Action { case incrementButtonTapped }
                }
                """, fileName: "CounterFeature.swift"),
            RuleExample(
                """
                struct SearchState: Equatable {
                  var query = ""
                  var results: [Result] = []
                  var hoverHint: String { "Search" }
                }
                enum SearchAction { case queryChanged(String) }
                struct FocusRow {
                  var isFocused = false
                }
                """, fileName: "SearchState.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.states.flatMap { state in
            state.properties.compactMap { property -> RuleViolation? in
                guard property.isStored, isTransient(property) else { return nil }
                let written = property.type.map { ": \($0)" } ?? ""
                return RuleViolation(
                    location: property.location,
                    message: """
                        `\(property.name)\(written)` is transient UI state in Store State `\(state.nameInScope)`; \
                        keep it in the View (`@FocusState`, `@GestureState` or `@State`) and send an \
                        action only for the business event it leads to
                        """)
            }
        }
    }

    /// A name without the group prefix some apps give State members (`focusField` of
    /// `view_focusField`, `isFocused` of `_isFocused`): the words after it say what it holds.
    static func ownName(_ name: String) -> String {
        guard let underscore = name.lastIndex(of: "_") else { return name }
        let rest = name[name.index(after: underscore)...]
        return rest.first?.isLowercase == true ? String(rest) : name
    }

    private func isTransient(_ property: PropertyDecl) -> Bool {
        if property.wrappers.contains(where: types.contains) { return true }
        if let type = property.type, let written = property.baseType {
            let base = TypeName.dropping(module: "SwiftUI", from: written)
            // SwiftUI's `FocusState<Value>` and `GestureState<Value>` are generic: a bare
            // `FocusState` is an app's own type (the State of a feature named Focus).
            if types.contains(base), !Self.genericWrappers.contains(base) || type.contains("<") { return true }
            // Transient UI state is one current value; a collection (`[Session]`) is data.
            if TypeName.isCollection(type) || Self.businessTypes.contains(TypeName.unqualified(base)) { return false }
            // A feature's State (`Focus.State`, a legacy `FocusState`) is a child feature, named
            // after what it does: `var focus = Focus.State()` holds the Focus screen.
            if TypeName.unqualified(base).hasSuffix("State") { return false }
        }
        let name = Self.ownName(property.name)
        if names.contains(name) { return true }
        let namedTransient = ((Self.flagPrefix.hasPrefix(in: name) || property.baseType == "Bool") && flagSuffixes.hasSuffix(in: name))
            || prefixes.hasFirstWord(of: name)
        // `focusTimeBySeconds`, `focusDate`: a duration, a count or a day is data, whatever
        // its first word (its words are split only for a name that reads as transient).
        return namedTransient && !Self.camelCaseWords(of: name).contains(where: Self.dataWords.contains)
    }
}
