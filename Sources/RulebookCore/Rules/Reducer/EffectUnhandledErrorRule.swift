/// `effect-unhandled-error`: an effect that can throw handles its errors.
public struct EffectUnhandledErrorRule: Rule {
    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "effect-unhandled-error",
        name: "Effect that throws without a handler",
        defaultSeverity: .warning,
        summary: "A `.run` effect that can throw has a `catch:` handler or a `do`/`catch` around its `try`.",
        rationale: """
            TCA runs an effect's operation in a `do`/`catch` of its own: a `CancellationError` is \
            dropped, any other error is reported at run time ("An "Effect.run" returned from … threw \
            an unhandled error. All non-cancellation errors must be explicitly handled via the \
            "catch" parameter on "Effect.run", or via a "do" block", Effect.swift) and the feature \
            never hears of the failure: no response action, no alert, a spinner that keeps \
            spinning. Legacy `Effect.task` reports the same. The rule finds a `try` (not `try?` \
            or `try!`) or `throw` in the operation of `.run`/`.task` that no `do`/`catch` in it \
            surrounds, when the call has no `catch:`; one finding per effect, at the effect. \
            Left alone, as misses rather than false positives: a `try` whose only error is \
            cancellation (`Task.sleep`, a clock's or scheduler's `sleep`, \
            `Task.checkCancellation()`, and `withTaskCancellation`/`withTaskCancellationHandler`/\
            `withDependencies`/`MainActor.run` around only those); `for try await` (over an \
            `AsyncStream` it cannot throw, and the sequence's type is not in the source); a \
            `try` in a closure the effect passes to a call that is not itself tried \
            (`Result { try … }`, `group.addTask { try … }`); effects built outside reducer \
            bodies and their helpers. Off by default: on public apps, readers judged about one \
            finding in thirteen false (docs/accuracy.md), almost all a `try` on an API declared \
            `throws` that, as the app implements it, never throws (a client whose live value \
            catches everything itself, a local cache), which the call alone does not show. Turn \
            it on where clients throw for real, or to honour their declared `throws` as TCA's \
            tests do (an unimplemented test dependency throws).
            """,
        isOptIn: true,
        triggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct ProfileFeature {
                  @ObservableState
                  struct State: Equatable { var name = "" }
                  enum Action { case onAppear, profileLoaded(String) }
                  @Dependency(\\.apiClient) var apiClient
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .onAppear:
                        return ↓.run { send in
                          let profile = try await apiClient.fetchProfile()
                          await send(.profileLoaded(profile.name))
                        }
                      case let .profileLoaded(name):
                        state.name = name
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "ProfileFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct SearchFeature {
                  @ObservableState
                  struct State: Equatable { var query = "" }
                  enum Action { case queryChanged(String), resultsLoaded([String]) }
                  @Dependency(\\.continuousClock) var clock
                  @Dependency(\\.searchClient) var searchClient
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case let .queryChanged(query):
                        state.query = query
                        return ↓.run { send in
                          try await withTaskCancellation(id: "search", cancelInFlight: true) {
                            try await clock.sleep(for: .milliseconds(300))
                            await send(.resultsLoaded(try await searchClient.search(query)))
                          }
                        }
                      case .resultsLoaded:
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "SearchFeature.swift"),
            RuleExample(
                """
                let saveReducer = Reducer<SaveState, SaveAction, SaveEnvironment> { state, action, environment in
                  switch action {
                  case .saveTapped:
                    return ↓.task { [draft = state.draft] in
                      try await environment.fileClient.save(draft)
                      return .saved
                    }
                  case .saved:
                    return .none
                  }
                }
                """, fileName: "SaveReducer.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct ProfileFeature {
                  @ObservableState
                  struct State: Equatable { var name = ""; var failed = false }
                  enum Action { case onAppear, profileLoaded(String), profileFailed }
                  @Dependency(\\.apiClient) var apiClient
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .onAppear:
                        return .run { send in
                          let profile = try await apiClient.fetchProfile()
                          await send(.profileLoaded(profile.name))
                        } catch: { error, send in
                          await send(.profileFailed)
                        }
                      case let .profileLoaded(name):
                        state.name = name
                        return .none
                      case .profileFailed:
                        state.failed = true
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "ProfileFeature.swift"),
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
                          await send(.hide)
                        }
                        .cancellable(id: "toast", cancelInFlight: true)
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
                @Reducer
                struct ListFeature {
                  @ObservableState
                  struct State: Equatable { var items: [String] = [] }
                  enum Action { case onAppear, itemsLoaded(Result<[String], any Error>) }
                  @Dependency(\\.listClient) var listClient
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .onAppear:
                        return .run { send in
                          await send(.itemsLoaded(Result { try await listClient.fetch() }))
                          do {
                            try await listClient.markSeen()
                          } catch {
                            await send(.itemsLoaded(.failure(error)))
                          }
                          try? await listClient.prefetch()
                        }
                      case let .itemsLoaded(.success(items)):
                        state.items = items
                        return .none
                      case .itemsLoaded(.failure):
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "ListFeature.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.reducers.flatMap { reducer in
            let throwing = ThrowingSites(reducer.sites)
            var reported: Set<Int> = []
            return throwing.uncaught.compactMap { index -> RuleViolation? in
                let effect = throwing.effect(around: index)
                guard reported.insert(effect ?? index).inserted else { return nil }
                return RuleViolation(
                    location: reducer.sites[effect ?? index].location,
                    message: """
                        This effect can throw (`\(throwing.culprit(index))`) and has no `catch:` handler: TCA reports "threw an \
                        unhandled error" at run time and the feature never hears of the failure; add `catch: { error, \
                        send in … }` to the `.run`, or a `do`/`catch` around the `try`
                        """)
            }
        }
    }
}
