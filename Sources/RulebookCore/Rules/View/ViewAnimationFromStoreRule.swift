/// `view-animation-from-store`: animated values come from the View's `@State`, not the store.
public struct ViewAnimationFromStoreRule: Rule {
    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "view-animation-from-store",
        name: "Animation value read from the store",
        defaultSeverity: .warning,
        summary: "Animation modifiers take their values from `@State` in the View, not from store state.",
        rationale: """
            The View keeps animation values in `@State` and starts animations from business state \
            with `.onChange(of: viewStore.state)`. Animation values in Store State send an action \
            per frame and tie the domain to rendering. `.scaleEffect(viewStore.buttonScale)` \
            means the store holds a visual value, and so does arithmetic on one \
            (`viewStore.center.x - 25`), an element of one (`viewStore.offsets[id]`), an angle \
            of one (`.degrees(viewStore.flipDegrees)`) or a ternary that picks one \
            (`isCurrent ? viewStore.rowOpacity : 1`). Values the View derives from business \
            state (`viewStore.isOn ? 1 : 0`), a State property computed from business state \
            (`var opacity: Double { isPanelShown ? 1 : 0 }`, when the spec declares it) and \
            `.animation(_:value:)` triggers are fine. The parts of a view built in its extensions \
            (`private func chart() -> some View`) are the view's.
            """,
        triggeringExamples: [
            RuleExample(
                """
                struct CommentsView: View {
                  let store: Store<CommentsState, CommentsAction>
                  var body: some View {
                    WithViewStore(store) { viewStore in
                      ForEach(viewStore.comments) { comment in
                        CommentCell(comment: comment)
                          .opacity(comment.id == viewStore.scrollCommentID ? ↓viewStore.scrollRowOpacity : 1)
                          .offset(x: ↓viewStore.dragOffset.width - 25)
                      }
                    }
                  }
                }
                """, fileName: "CommentsView.swift"),
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
            RuleExample(
                """
                struct ResultView: View {
                  let store: StoreOf<ResultFeature>
                  var body: some View {
                    VStack { chart() }
                  }
                }
                extension ResultView {
                  @ViewBuilder
                  private func chart() -> some View {
                    Circle().opacity(↓store.chartOpacity)
                    ForEach(store.cards) { card in
                      CardView(card: card)
                        .offset(↓store.offsets[card.id])
                        .rotation3DEffect(.degrees(↓store.flipDegrees), axis: (x: 0, y: 1, z: 0))
                    }
                  }
                }
                """, fileName: "ResultView.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct SuggestionPanel {
                  @ObservableState
                  struct State: Equatable {
                    var isPanelDisplayed = false
                    var opacity: Double { isPanelDisplayed ? 1 : 0 }
                  }
                  enum Action { case appeared }
                }
                struct SuggestionPanelView: View {
                  let store: StoreOf<SuggestionPanel>
                  var body: some View {
                    Text("Suggestion")
                      .opacity(store.opacity)
                      .animation(.easeInOut, value: store.isPanelDisplayed)
                  }
                }
                """, fileName: "SuggestionPanel.swift"),
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
        let computed = Set(
            feature.states.flatMap { $0.properties.filter(\.isComputed).map(\.name) }
                + (feature.project?.stateComputedProperties.values.flatMap { $0 } ?? []))
        return feature.views.flatMap { view in
            view.animationModifiers.filter { $0.readsStore && !Self.readsComputed($0.argument, computed) }.map { use in
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

    /// Whether `argument` is a plain read of a property the feature's State computes from
    /// business state (`store.opacity` with `var opacity: Double { isPanelShown ? 1 : 0 }`).
    private static func readsComputed(_ argument: String, _ computed: Set<String>) -> Bool {
        guard !computed.isEmpty, argument.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }),
            let last = argument.split(separator: ".").last
        else { return false }
        return computed.contains(String(last))
    }
}
