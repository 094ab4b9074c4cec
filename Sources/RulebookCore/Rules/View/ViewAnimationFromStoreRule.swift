/// `view-animation-from-store`: animated values come from the View's `@State`, not the store.
public struct ViewAnimationFromStoreRule: Rule {
    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "view-animation-from-store",
        name: "Animation value read from the store",
        defaultSeverity: .warning,
        summary: "Animation modifiers take their values from `@State` in the View, not from store state.",
        rationale: """
            Seed 004 ("Critical Animation Rule" and View checklist): the View "Uses `@State` \
            for animations" and "Uses `.onChange(of: viewStore.state)` to trigger animations"; \
            animation state must NEVER live in Store State. `.scaleEffect(viewStore.buttonScale)` \
            means the store holds a visual value. Values derived from business state \
            (`viewStore.isOn ? 1 : 0`) and `.animation(_:value:)` triggers are fine.
            """,
        triggeringExamples: [
            RuleExample(
                """
                struct LoginView: View {
                  let store: Store<LoginState, LoginAction>
                  var body: some View {
                    WithViewStore(store) { viewStore in
                      Button("Login") { viewStore.send(.loginButtonTapped) }
                        .scaleEffect(↓viewStore.buttonScale)
                        .opacity(↓viewStore.state.buttonOpacity)
                    }
                  }
                }
                """, fileName: "LoginView.swift"),
            RuleExample(
                """
                struct CardView: View {
                  let store: StoreOf<CardFeature>
                  var body: some View {
                    Text(store.title)
                      .rotationEffect(↓store.rotation)
                      .offset(x: ↓self.store.dragOffset)
                      .blur(radius: ↓store.blurRadius)
                  }
                }
                """, fileName: "CardView.swift"),
            RuleExample(
                """
                struct BannerView: View {
                  @Bindable var store: StoreOf<BannerFeature>
                  var body: some View {
                    Text(store.message)
                      .animation(↓store.bannerAnimation, value: store.isVisible)
                  }
                }
                """, fileName: "BannerView.swift"),
        ],
        nonTriggeringExamples: [
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
                struct ToggleView: View {
                  let store: StoreOf<ToggleFeature>
                  var body: some View {
                    Circle()
                      .opacity(store.isOn ? 1 : 0.3)
                      .scaleEffect(store.isSelected ? 1.2 : 1)
                      .animation(.spring(), value: store.isOn)
                      .rotationEffect(.degrees(store.isFlipped ? 180 : 0))
                  }
                }
                """, fileName: "ToggleView.swift"),
            RuleExample(
                """
                struct ProgressRingView: View {
                  let store: StoreOf<DownloadFeature>
                  @State private var rotation: Angle = .zero
                  @State private var pulse = false
                  var body: some View {
                    Image(systemName: "arrow.down.circle")
                      .rotationEffect(rotation)
                      .scaleEffect(pulse ? 1.1 : 1)
                      .opacity(0.8)
                      .offset(y: 4)
                      .onChange(of: store.isDownloading) { _, isDownloading in
                        withAnimation(.linear.repeatForever(autoreverses: false)) { rotation = isDownloading ? .degrees(360) : .zero }
                      }
                  }
                }
                """, fileName: "ProgressRingView.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.views.flatMap { view in
            view.animationModifiers.filter(\.readsStore).map { use in
                RuleViolation(
                    location: use.location,
                    message: """
                        `.\(use.modifier)` in `\(view.name)` reads `\(use.argument)` from the store; keep \
                        the animated value in a `@State` property of the View and set it with \
                        `withAnimation` in `.onChange(of:)` on business state
                        """)
            }
        }
    }
}
