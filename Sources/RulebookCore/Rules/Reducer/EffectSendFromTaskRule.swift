/// `effect-send-from-task`: an effect does not hand its `send` to an unstructured task.
public struct EffectSendFromTaskRule: Rule {
    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "effect-send-from-task",
        name: "send from an unstructured Task in an effect",
        defaultSeverity: .warning,
        summary: "An effect sends its actions itself, not from a `Task { }` it starts and does not wait for.",
        rationale: """
            An effect ends when its operation returns; a `Task { await send(…) }` started in it \
            outlives it, so its actions arrive from a completed effect, which TCA reports at run \
            time ("An action was sent from a completed effect … This can happen if you escape the \
            'send' argument in an unstructured context. To fix this, make sure that your 'run' \
            closure does not return until you're done calling 'send'", Core.swift). The task is \
            not cancelled with the effect either (`.cancellable(id:)` and `.cancel(id:)` do not \
            reach it), and tests cannot wait for it. Await the work in the effect itself, or run \
            concurrent work in `withTaskGroup`. The rule finds a call of `send` inside \
            `Task { }`/`Task.detached { }` whose task is dropped (written as a statement), in an \
            effect; a task kept in a variable (`let task = Task { … }`, awaited later) or awaited \
            (`await Task { … }.value`) is left alone, as is a `send` by another name.
            """,
        triggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct TimerFeature {
                  @ObservableState
                  struct State: Equatable { var ticks = 0 }
                  enum Action { case start, tick }
                  @Dependency(\\.continuousClock) var clock
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .start:
                        return .run { send in
                          ↓Task {
                            for await _ in clock.timer(interval: .seconds(1)) {
                              await send(.tick)
                            }
                          }
                        }
                      case .tick:
                        state.ticks += 1
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "TimerFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct UploadFeature {
                  @ObservableState
                  struct State: Equatable { var progress = 0.0 }
                  enum Action { case uploadTapped, progressChanged(Double) }
                  @Dependency(\\.uploadClient) var uploadClient
                  func reduce(into state: inout State, action: Action) -> Effect<Action> {
                    switch action {
                    case .uploadTapped:
                      return .run { send in
                        uploadClient.onProgress { value in
                          ↓Task.detached { @MainActor in send(.progressChanged(value)) }
                        }
                      }
                    case let .progressChanged(value):
                      state.progress = value
                      return .none
                    }
                  }
                }
                """, fileName: "UploadFeature.swift"),
            RuleExample(
                """
                let sessionReducer = Reducer<SessionState, SessionAction, SessionEnvironment> { state, action, environment in
                  switch action {
                  case .onAppear:
                    return .run { send in
                      await environment.session.start()
                      ↓Task { await send(.started) }
                    }
                  case .started:
                    state.isStarted = true
                    return .none
                  }
                }
                """, fileName: "SessionReducer.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct TimerFeature {
                  @ObservableState
                  struct State: Equatable { var ticks = 0 }
                  enum Action { case start, tick }
                  @Dependency(\\.continuousClock) var clock
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .start:
                        return .run { send in
                          for await _ in clock.timer(interval: .seconds(1)) {
                            await send(.tick)
                          }
                        }
                      case .tick:
                        state.ticks += 1
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "TimerFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct DashboardFeature {
                  @ObservableState
                  struct State: Equatable { var loaded = 0 }
                  enum Action { case onAppear, loaded(Int) }
                  @Dependency(\\.dashboardClient) var client
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .onAppear:
                        return .run { send in
                          await withTaskGroup(of: Void.self) { group in
                            group.addTask { await send(.loaded(await client.news())) }
                            group.addTask { await send(.loaded(await client.weather())) }
                          }
                          let refresh = Task { await send(.loaded(await client.count())) }
                          await refresh.value
                        }
                      case let .loaded(count):
                        state.loaded += count
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "DashboardFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct ChatFeature {
                  @ObservableState
                  struct State: Equatable { var draft = "" }
                  enum Action { case sendTapped }
                  @Dependency(\\.chatClient) var chatClient
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .sendTapped:
                        return .run { [draft = state.draft] _ in
                          Task { await chatClient.send(draft) }
                        }
                      }
                    }
                  }
                }
                """, fileName: "ChatFeature.swift"),
        ]
    )

    /// Callees that start an unstructured task.
    static let unstructuredTasks: Set<String> = ["Task", "Task.detached", "Task.init"]

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.reducers.flatMap { reducer in
            let tree = SiteTree(reducer.sites)
            var reported: Set<Int> = []
            return reducer.sites.indices.compactMap { index -> RuleViolation? in
                guard reducer.sites[index].kind == .call, reducer.sites[index].path == "send",
                    let task = tree.ancestors(of: index).first(where: { Self.isDroppedTask(reducer.sites[$0]) }),
                    reported.insert(task).inserted
                else { return nil }
                return RuleViolation(
                    location: reducer.sites[task].location,
                    message: """
                        `\(reducer.sites[task].path) { … send(…) }` in an effect sends after the effect may have returned \
                        (TCA reports "An action was sent from a completed effect") and escapes its cancellation; await the \
                        work in the effect itself, or use `withTaskGroup` for concurrent work
                        """)
            }
        }
    }

    /// A `Task { }` in an effect whose task nobody keeps or awaits.
    private static func isDroppedTask(_ site: CodeSite) -> Bool {
        site.kind == .call && site.insideEffect && site.isStatement && unstructuredTasks.contains(site.path)
    }
}
