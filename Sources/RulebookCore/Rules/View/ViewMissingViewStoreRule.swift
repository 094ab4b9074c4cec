/// `view-missing-view-store`: a legacy View observes its store through a `ViewStore`.
public struct ViewMissingViewStoreRule: Rule {
    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "view-missing-view-store",
        name: "Store never observed",
        defaultSeverity: .note,
        summary: "A legacy View holding a `Store` observes it through `WithViewStore`/`ViewStore`.",
        rationale: """
            A View that holds a `Store<State, Action>` observes its state through `WithViewStore` \
            and sends actions with `viewStore.send()`. A legacy View that holds \
            a `Store` but never observes it does not re-render when state changes. Views that \
            only hand scoped stores on (`IfLetStore`, `ForEachStore`, `store.scope(…)`, \
            `ChildView(store: store)`) are fine; modern views observe `store` directly.
            """,
        dialects: [.legacy],
        triggeringExamples: [
            RuleExample(
                """
                struct ↓LoginView: View {
                  let store: Store<LoginState, LoginAction>
                  var body: some View {
                    Button("Login") { store.send(.loginButtonTapped) }
                  }
                }
                """, fileName: "LoginView.swift"),
            RuleExample(
                """
                struct ↓SettingsView: View {
                  let store: Store<SettingsState, SettingsAction>
                  @State private var isExpanded = false
                  var body: some View {
                    Form {
                      Toggle("Expanded", isOn: $isExpanded)
                      Text("Settings")
                    }
                  }
                }
                """, fileName: "SettingsView.swift"),
            RuleExample(
                """
                struct ↓CounterView: View {
                  var store: Store<CounterState, CounterAction>
                  var body: some View {
                    HStack {
                      Button("−") {}
                      Text("0")
                      Button("+") {}
                    }
                  }
                }
                """, fileName: "CounterView.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                struct LoginView: View {
                  let store: Store<LoginState, LoginAction>
                  var body: some View {
                    WithViewStore(store) { viewStore in
                      Button("Login") { viewStore.send(.loginButtonTapped) }
                        .disabled(viewStore.isLoading)
                    }
                  }
                }
                """, fileName: "LoginView.swift"),
            RuleExample(
                """
                struct AppView: View {
                  let store: Store<AppState, AppAction>
                  var body: some View {
                    TabView {
                      ProfileView(store: store.scope(state: \\.profile, action: AppAction.profile))
                      IfLetStore(store.scope(state: \\.login, action: AppAction.login)) { loginStore in
                        LoginView(store: loginStore)
                      }
                    }
                  }
                }
                """, fileName: "AppView.swift"),
            RuleExample(
                """
                struct TodosView: View {
                  let store: Store<TodosState, TodosAction>
                  @ObservedObject var viewStore: ViewStore<TodosState, TodosAction>
                  init(store: Store<TodosState, TodosAction>) {
                    self.store = store
                    self.viewStore = ViewStore(store)
                  }
                  var body: some View {
                    List(viewStore.todos) { Text($0.title) }
                  }
                }
                """, fileName: "TodosView.swift"),
            RuleExample(
                """
                @Reducer
                struct CounterFeature {
                  @ObservableState
                  struct State: Equatable { var count = 0 }
                  enum Action { case incrementButtonTapped }
                }
                struct CounterView: View {
                  let store: StoreOf<CounterFeature>
                  var body: some View {
                    Button("\\(store.count)") { store.send(.incrementButtonTapped) }
                  }
                }
                """, fileName: "CounterView.swift"),
            RuleExample(
                """
                struct ItemRowsView: View {
                  let store: StoreOf<ItemsFeature>
                  var body: some View {
                    WithPerceptionTracking {
                      ForEach(store.items) { Text($0.title) }
                    }
                  }
                }
                """, fileName: "ItemRowsView.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        // `.unknown` dialect also reaches here; only a recognised legacy feature counts.
        guard feature.dialect == .legacy else { return [] }
        return feature.views.filter { $0.holdsStore && !$0.observesViewStore && !$0.forwardsStore }.map { view in
            RuleViolation(
                location: view.location,
                message: """
                    `\(view.name)` holds a `Store` but never observes it; wrap the body in \
                    `WithViewStore(store) { viewStore in … }` (or keep an `@ObservedObject var \
                    viewStore`) so it re-renders on state changes, and send actions with `viewStore.send(_:)`
                    """)
        }
    }
}
