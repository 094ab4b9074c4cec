/// `state-animation-value`: animation and visual geometry do not belong in Store State.
public struct StateAnimationValueRule: Rule {
    /// Types that are always visual geometry or animation.
    public static let animationTypes: Set<String> = [
        "CGFloat", "Angle", "Animation", "CGPoint", "CGSize", "CGRect", "CGVector",
        "CGAffineTransform", "UnitPoint", "Transaction", "Anchor",
    ]
    /// Numeric types that are animation values only when the name says so.
    public static let numericTypes = WordSet(["Double", "Float"])
    /// Exact property names that are animation vocabulary.
    public static let animationNames: Set<String> = [
        "scale", "opacity", "alpha", "rotation", "angle", "offset", "blur", "shadowRadius",
        "animationProgress",
    ]
    /// Name suffixes that are animation vocabulary (`buttonScale`).
    public static let animationSuffixes = ["Scale", "Opacity", "Rotation", "Offset"]
    /// First camelCase words that make a name animation vocabulary (`animationProgress`, `blurRadius`).
    public static let animationPrefixes = ["animation", "blur"]

    private let types: WordSet
    private let names: WordSet
    private let suffixes: AffixList
    private let prefixes: AffixList

    public init(options: RuleOptions) {
        types = options.words("animation_types", default: Self.animationTypes)
        names = options.words("animation_names", default: Self.animationNames)
        suffixes = options.affixes("animation_suffixes", default: Self.animationSuffixes)
        prefixes = options.affixes("animation_prefixes", default: Self.animationPrefixes)
    }

    public static let description = RuleDescription(
        id: "state-animation-value",
        name: "Animation value in State",
        defaultSeverity: .error,
        summary: "Store State must not hold animation values or visual geometry.",
        rationale: """
            Animation state lives in `@State` in the View, never in Store State. Keeping \
            `CGFloat`/`Angle`/opacity values in State sends \
            an action per frame, bloats tests and couples the domain to rendering. Geometry \
            types (`CGFloat`, `Angle`, `CGPoint` …) always count. A `Double` or `Float` counts \
            by its name (`opacity`, `buttonScale`) only where a view of the project draws it: \
            passes it from the store to a view modifier (`.scaleEffect(viewStore.scale)`, an \
            app's own `.autoBlur(radius: store.blurRadius)`, `.animation(_:value:)`); \
            a recipe's `scale` that multiplies amounts is no animation value, and a miss is \
            preferred to that false alarm. Checked alone, without the project, the name decides. \
            A `let` is a layout constant rather than animation state: it belongs to the View too. \
            It has no fix, not even a suggestion: moving the value means deleting it from State, \
            the reducer's writes to it and the View's reads of the store, and choosing the \
            business state that drives it in the View, across files; an edit that did part of \
            that would leave the feature not building, so the message says what to do instead.
            """,
        options: [
            RuleOptionDescription(key: "animation_types", summary: "Types that are always animation or geometry.", defaults: animationTypes.sorted()),
            RuleOptionDescription(key: "animation_names", summary: "Double/Float property names that are animation values.", defaults: animationNames.sorted()),
            RuleOptionDescription(key: "animation_suffixes", summary: "Name suffixes that make a Double/Float an animation value.", defaults: animationSuffixes),
            RuleOptionDescription(key: "animation_prefixes", summary: "First camelCase words that make a Double/Float an animation value.", defaults: animationPrefixes),
        ],
        triggeringExamples: [
            RuleExample(
                """
                struct AppLockState: Equatable {
                  var isLocked = false
                  var ↓blurRadius: Double = 0
                }
                """, fileName: "AppLockState.swift",
                elsewhere: [("AppLockView.swift", """
                    struct AppLockView: View {
                      let store: Store<AppLockState, AppLockAction>
                      var body: some View {
                        WithViewStore(store) { viewStore in Content().blur(radius: viewStore.blurRadius) }
                      }
                    }
                    """)]),
            RuleExample(
                """
                struct LoginState: Equatable {
                  var email = ""
                  var ↓buttonScale: CGFloat = 1.0
                  let ↓cornerRadius: CGFloat = 12
                }
                """, fileName: "LoginState.swift"),
            RuleExample(
                """
                @Reducer
                struct CardFeature {
                  @ObservableState
                  struct State: Equatable {
                    var title: String
                    var ↓rotation: Angle = .zero
                    var ↓opacity: Double = 1
                  }
                  enum Action { case flipTapped }
                }
                struct CardView: View {
                  let store: StoreOf<CardFeature>
                  var body: some View { Text(store.title).opacity(store.opacity) }
                }
                """, fileName: "CardFeature.swift"),
            RuleExample(
                """
                struct ProfileState: Equatable {
                  var ↓headerOffset: Double?
                  var ↓anchors: [CGPoint] = []
                  var ↓animationProgress = 0.0
                }
                """, fileName: "ProfileState.swift",
                elsewhere: [("ProfileView.swift", """
                    struct ProfileView: View {
                      let store: Store<ProfileState, ProfileAction>
                      var body: some View {
                        WithViewStore(store) { viewStore in
                          Header().offset(viewStore.headerOffset).opacity(viewStore.animationProgress)
                        }
                      }
                    }
                    """)]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                struct LoginState: Equatable {
                  var email = ""
                  var isLoading = false
                }
                struct LoginView: View {
                  @State private var buttonScale: CGFloat = 1.0
                }
                """, fileName: "LoginState.swift"),
            RuleExample(
                """
                @Reducer
                struct ShopFeature {
                  @ObservableState
                  struct State: Equatable {
                    var price: Double = 0
                    var temperature: Float = 20
                    var itemCount = 0
                  }
                  enum Action { case buyTapped }
                }
                """, fileName: "ShopFeature.swift"),
            RuleExample(
                """
                struct ChartState: Equatable {
                  var pageOffset: Int = 0
                  static let defaultScale: CGFloat = 1
                  var scaleLabel: String { "1x" }
                }
                """, fileName: "ChartState.swift"),
            RuleExample(
                """
                @Reducer
                struct RecipeFeature {
                  @ObservableState
                  struct State: Equatable {
                    var servings = 2
                    var scale: Double = 1
                  }
                  enum Action { case servingsChanged(Int) }
                }
                struct RecipeView: View {
                  let store: StoreOf<RecipeFeature>
                  var body: some View { Text("\\(2 * store.scale) cups") }
                }
                """, fileName: "RecipeFeature.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.states.flatMap { state in
            state.properties.compactMap { property -> RuleViolation? in
                guard property.isStored, let type = property.type, let baseType = property.baseType,
                    isAnimationValue(name: property.name, baseType: baseType, project: feature.project)
                else { return nil }
                // A `let` never changes: a layout constant, not state to animate.
                let message =
                    property.isConstant
                    ? """
                        `\(property.name): \(type)` is a visual constant in Store State `\(state.nameInScope)`; \
                        keep layout constants in the View that draws them (a `static let` there)
                        """
                    : """
                        `\(property.name): \(type)` is animation state in Store State `\(state.nameInScope)`; \
                        move `\(property.name)` to `@State` in the View and drive it from \
                        `.onChange(of:)` on business state
                        """
                return RuleViolation(location: property.location, message: message)
            }
        }
    }

    /// An animation type, or a `Double`/`Float` named like an animation value; once the
    /// project is known, a numeric value only if a view of the project passes it from the
    /// store to a view modifier (`.scaleEffect(viewStore.scale)`): a recipe's `scale` that
    /// multiplies amounts is no animation value, whatever its name.
    private func isAnimationValue(name: String, baseType: String, project: ProjectContext?) -> Bool {
        let base = TypeName.unqualified(baseType)
        if types.contains(base) { return true }
        guard Self.numericTypes.contains(base) else { return false }
        guard names.contains(name) || prefixes.hasFirstWord(of: name) || suffixes.hasSuffix(in: name) else { return false }
        return project.map { $0.animatedStoreValues.contains(name) } ?? true
    }
}
