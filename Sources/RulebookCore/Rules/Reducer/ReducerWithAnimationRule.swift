/// `reducer-with-animation`: animation is triggered by the View, not by the reducer.
public struct ReducerWithAnimationRule: Rule {
    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "reducer-with-animation",
        name: "withAnimation in a reducer",
        defaultSeverity: .warning,
        summary: "`withAnimation` is a View API; reducers change state and the View animates it.",
        rationale: """
            Animations are triggered in the View from business state changes (`.onChange(of: \
            viewStore.status)` + `withAnimation`), never driven from the Store. `withAnimation` in a reducer ties \
            domain logic to SwiftUI and does not reliably animate store-driven updates; when an \
            effect must animate the state it feeds back, TCA's `send(_:animation:)` is the tool.
            """,
        triggeringExamples: [
            RuleExample(
                """
                let loginReducer = Reducer<LoginState, LoginAction, LoginEnvironment> { state, action, environment in
                  switch action {
                  case .loginButtonTapped:
                    ↓withAnimation(.spring()) {
                      state.isLoading = true
                    }
                    return .none
                  case .loginResponse:
                    state.isLoading = false
                    return .none
                  }
                }
                """, fileName: "LoginReducer.swift"),
            RuleExample(
                """
                @Reducer
                struct CardFeature {
                  @ObservableState
                  struct State: Equatable { var isFlipped = false }
                  enum Action { case cardTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .cardTapped:
                        ↓withAnimation { state.isFlipped.toggle() }
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "CardFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct ToastFeature {
                  @ObservableState
                  struct State: Equatable { var isVisible = false }
                  enum Action { case show, hide }
                  @Dependency(\\.continuousClock) var clock
                  func reduce(into state: inout State, action: Action) -> Effect<Action> {
                    switch action {
                    case .show:
                      ↓SwiftUI.withAnimation(.easeIn) { state.isVisible = true }
                      return .run { send in
                        try await clock.sleep(for: .seconds(2))
                        await MainActor.run { ↓withAnimation { send(.hide) } }
                      }
                    case .hide:
                      state.isVisible = false
                      return .none
                    }
                  }
                }
                """, fileName: "ToastFeature.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct ToastFeature {
                  @ObservableState
                  struct State: Equatable { var isVisible = false }
                  enum Action { case show, hide }
                  @Dependency(\\.continuousClock) var clock
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .show:
                        state.isVisible = true
                        return .run { send in
                          try await clock.sleep(for: .seconds(2))
                          await send(.hide, animation: .easeOut)
                        }
                      case .hide:
                        state.isVisible = false
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "ToastFeature.swift"),
            RuleExample(
                """
                struct LoginView: View {
                  let store: Store<LoginState, LoginAction>
                  @State private var buttonScale: CGFloat = 1.0
                  var body: some View {
                    WithViewStore(store) { viewStore in
                      Button("Login") { viewStore.send(.loginButtonTapped) }
                        .scaleEffect(buttonScale)
                        .onChange(of: viewStore.status) { status in
                          if status == .loading {
                            withAnimation { buttonScale = 0.95 }
                          }
                        }
                    }
                  }
                }
                """, fileName: "LoginView.swift"),
            RuleExample(
                """
                let counterReducer = Reducer<CounterState, CounterAction, CounterEnvironment> { state, action, environment in
                  switch action {
                  case .incrementTapped:
                    state.count += 1
                    return Effect(value: .countChanged)
                      .receive(on: environment.mainQueue.animation(.default))
                      .eraseToEffect()
                  case .countChanged:
                    return .send(.incrementTapped, animation: .spring())
                  }
                }
                """, fileName: "CounterReducer.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.reducers.flatMap { reducer in
            reducer.sites.filter(Self.isWithAnimation).map { site in
                let advice = site.insideEffect
                    ? "send the action with TCA's `send(_:animation:)` instead (legacy: `.receive(on: environment.mainQueue.animation())`)"
                    : "change state plainly and animate in the View (`.onChange(of:)` + `withAnimation`, or `.animation(_:value:)`)"
                return RuleViolation(
                    location: site.location,
                    message: "`withAnimation` is a View API called from the reducer; \(advice)")
            }
        }
    }

    private static func isWithAnimation(_ site: CodeSite) -> Bool {
        site.kind == .call && (site.path == "withAnimation" || site.path == "SwiftUI.withAnimation")
    }
}
