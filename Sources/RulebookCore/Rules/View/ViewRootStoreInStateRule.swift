/// `view-root-store-in-state`: a view does not build a root `Store` as the value of its `@State`.
public struct ViewRootStoreInStateRule: Rule {
    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "view-root-store-in-state",
        name: "Root Store held in @State",
        defaultSeverity: .warning,
        summary: "A view that is not the `App` does not build a root `Store` as the initial value of a `@State` property.",
        rationale: """
            `@State`'s initial value is evaluated eagerly, each time the view's initializer runs, \
            that is each time its parent's `body` is computed; SwiftUI keeps the first value and \
            drops the others. A root `Store` built there is built again, with its reducer and its \
            dependencies, and thrown away, on every recomputation of the parent (TCA's "Migrating \
            to 1.19", "StateObject compatibility": "if you initialize a root `Store` to be held in \
            `@State`, stores will be initialized (and immediately discarded) whenever the parent \
            view's body is computed"). From TCA 1.19 hold it in `@StateObject`, whose initial \
            value is lazy; before 1.19, build it once where the app starts and pass it in. The \
            rule reads the value a `@State` property starts with, from its declaration \
            (`= Store(initialState: …) { … }`, `: StoreOf<Feature> = .init(…)`) or from an `init` \
            that assigns the wrapper (`_store = State(wrappedValue: Store(…))`). Left alone: the \
            `App` (built once), a store passed in (`_store = State(initialValue: store)`) or \
            scoped from a parent, `@Previewable` state in `#Preview`, a store a factory returns \
            (`DemoStore.make()`: the rule does not follow the call), and a `Store` of the \
            project's own (declared in the spec, or a class of the project in a file that does \
            not import ComposableArchitecture).
            """,
        triggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct CounterFeature {
                  @ObservableState
                  struct State: Equatable { var count = 0 }
                  enum Action { case incrementButtonTapped }
                }
                struct CounterView: View {
                  @State var ↓store = Store(initialState: CounterFeature.State()) {
                    CounterFeature()
                  }
                  var body: some View {
                    Button("\\(store.count)") { store.send(.incrementButtonTapped) }
                  }
                }
                """, fileName: "CounterView.swift"),
            RuleExample(
                """
                struct SearchView: View {
                  @State private var ↓store: StoreOf<SearchFeature> = .init(initialState: .init()) {
                    SearchFeature()
                  }
                  var body: some View {
                    List(store.results) { Text($0.title) }
                  }
                }
                """, fileName: "SearchView.swift"),
            RuleExample(
                """
                struct ProfileView: View {
                  @State var ↓store: StoreOf<ProfileFeature>
                  init(userID: String) {
                    _store = State(wrappedValue: Store(initialState: ProfileFeature.State(userID: userID)) {
                      ProfileFeature()
                    })
                  }
                  var body: some View {
                    Text(store.name)
                  }
                }
                """, fileName: "ProfileView.swift"),
            RuleExample(
                """
                struct HistoryView: View {
                  @State var ↓store: StoreOf<HistoryFeature>
                  init() {
                    self.store = Store(initialState: HistoryFeature.State(), reducer: { HistoryFeature() })
                  }
                  var body: some View {
                    List(store.runs) { Text($0.title) }
                  }
                }
                """, fileName: "HistoryView.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                @main
                struct CounterApp: App {
                  @State var store = Store(initialState: CounterFeature.State()) {
                    CounterFeature()
                  }
                  var body: some Scene {
                    WindowGroup { CounterView(store: store) }
                  }
                }
                """, fileName: "CounterApp.swift"),
            RuleExample(
                """
                struct SearchView: View {
                  @StateObject var store = Store(initialState: SearchFeature.State()) {
                    SearchFeature()
                  }
                  var body: some View {
                    List(store.results) { Text($0.title) }
                  }
                }
                """, fileName: "SearchView.swift"),
            RuleExample(
                """
                struct ProfileView: View {
                  @State var store: StoreOf<ProfileFeature>
                  @State private var isEditing = false
                  init(store: StoreOf<ProfileFeature>) {
                    _store = State(initialValue: store)
                  }
                  var body: some View {
                    Text(store.name)
                  }
                }
                """, fileName: "ProfileView.swift"),
            RuleExample(
                """
                final class Store: ObservableObject {
                  @Published var products: [String] = []
                }
                struct ShopView: View {
                  @State private var store = Store()
                  var body: some View {
                    List(store.products, id: \\.self) { Text($0) }
                  }
                }
                """, fileName: "ShopView.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        // The properties first: most specs hold none, and the checks of their type read the
        // whole spec.
        let held = feature.types.compactMap { type -> (TypeDecl, [PropertyDecl])? in
            let properties = type.storedProperties.filter(Self.startsWithRootStoreInState)
            return properties.isEmpty ? nil : (type, properties)
        }
        guard !held.isEmpty, !feature.types.contains(where: { $0.name == "Store" }) else { return [] }
        return held.filter { type, _ in !Self.isApp(type, in: feature) && !Self.ownsStoreType(type, in: feature) }.flatMap { type, properties in
            properties.map { property in
                RuleViolation(
                    location: property.location,
                    message: """
                        `@State var \(property.name)` in `\(type.name)` builds a root `Store` each time the parent's \
                        `body` is computed (`@State`'s initial value is eager) and throws it away; hold it in \
                        `@StateObject` (TCA 1.19+) or build it once where the app starts and pass it in
                        """)
            }
        }
    }

    /// A `@State` property whose initial value is a new `Store`/`StoreOf<…>`.
    private static func startsWithRootStoreInState(_ property: PropertyDecl) -> Bool {
        guard property.wrappers.contains(where: { $0 == "State" || $0 == "SwiftUI.State" }),
            let type = property.initialValueType
        else { return false }
        return storeTypes.contains(TypeName.base(type))
    }

    private static let storeTypes: Set<String> = [
        "Store", "StoreOf", "ComposableArchitecture.Store", "ComposableArchitecture.StoreOf",
    ]

    /// The `App`, whose `@State` is built once when the app starts.
    private static func isApp(_ type: TypeDecl, in feature: FeatureModel) -> Bool {
        feature.conformances(of: type).contains { $0 == "App" || $0 == "SwiftUI.App" }
    }

    /// Whether `Store` in `type`'s file names a class of the project's own (a shop's model, not
    /// TCA's) that the file does not import ComposableArchitecture beside (TCA's own examples
    /// import the `Store` it declares). One the spec declares is checked once, in `validate`.
    private static func ownsStoreType(_ type: TypeDecl, in feature: FeatureModel) -> Bool {
        guard feature.project?.referenceTypes.contains("Store") == true else { return false }
        let file = feature.files.first { $0.path == type.location.file }
        return file?.imports.contains { $0.module == "ComposableArchitecture" } != true
    }
}
