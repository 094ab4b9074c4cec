/// `reducer-default-case`: a reducer's `switch action` lists its cases instead of `default:`.
public struct ReducerDefaultCaseRule: Rule {
    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "reducer-default-case",
        name: "default: in a reducer switch",
        defaultSeverity: .error,
        summary: "A reducer's `switch action` must not use `default:`; it hides unhandled actions.",
        rationale: """
            The reducer handles every Action case in an exhaustive \
            `switch`. A `default:` (or a `case _:` that matches anything) swallows every \
            action added later without a compiler error, so new buttons and responses silently \
            do nothing. Catch-alls for one child action (`case .alert:`, `case .delegate:`) \
            are fine: they still name the case they handle, and so is a `default:` in a switch \
            over a child action that a `case let .child(action):` binds. Reported only for a \
            switch over the feature's own Action enum, declared in the same spec: a reducer \
            that slices a shared app action (`case .menu(.quitTapped):` in a root reducer of \
            one feature among many) leaves the other cases to the other features' reducers, and \
            an Action declared elsewhere cannot be checked (a miss is preferred to a false alarm). \
            Type aliases are what they name: `typealias Action = PayLoginAction` in the reducer \
            makes `PayLoginAction` its Action, and `ForgetReducer { … }` builds a legacy reducer \
            when the file declares `typealias ForgetReducer = Reducer<ForgetState, ForgetAction, …>`. \
            Beside the other reducers of the same type, however they are written (`Reduce`s in \
            `body`, methods passed to `Reduce(self.core)`, an app protocol's hooks, slices a \
            method builds), a catch-all hides only the cases none of their switches names: a \
            `default:` deciding what to log, a slice of the Action, a helper the main switch \
            routes to hide nothing, and a case that no reducer of the feature handles is named \
            in the finding. Nor does one hide anything in a `Reduce` that the same `body` \
            composes with reducers of the app on the same Action (`HistoryFeature.RootReducer()` \
            listed beside it, not scoped): the other cases are theirs. A switch over a child's \
            actions (a hook given the `.child(…)` actions, a `Destination` reducer's Action, \
            what the feature presents: `case alert(PresentationAction<Alert>)`) or over the \
            feature's own outputs to its parent (`Delegate`) is the child catch-all above. \
            The fix replaces `default:` with a `case` naming exactly the actions it caught, with \
            the same body, so behaviour is kept: every case the switch's patterns do not match \
            whole (`case .response(.success(let items)):` leaves the rest of `.response`). There \
            is none where a switch has `#if` clauses or the Action cases only some builds declare \
            (what it catches depends on the build); a \
            `case` that matches anything gets a suggestion, as its pattern may bind a name its \
            body reads.
            """,
        triggeringExamples: [
            RuleExample(
                """
                enum LoginAction { case emailChanged(String), loginButtonTapped, loginResponse(Result<User, LoginError>) }
                let loginReducer = Reducer<LoginState, LoginAction, LoginEnvironment> { state, action, environment in
                  switch action {
                  case let .emailChanged(email):
                    state.email = email
                    return .none
                  case .loginButtonTapped:
                    state.isLoading = true
                    return environment.login(state.email)
                      .receive(on: environment.mainQueue)
                      .catchToEffect(LoginAction.loginResponse)
                  ↓default:
                    return .none
                  }
                }
                """, fileName: "LoginReducer.swift"),
            RuleExample(
                """
                @Reducer
                struct CounterFeature {
                  @ObservableState
                  struct State: Equatable { var count = 0 }
                  enum Action { case incrementButtonTapped, decrementButtonTapped, resetButtonTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .incrementButtonTapped:
                        state.count += 1
                        return .none
                      ↓default:
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "CounterFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct ParentFeature {
                  @ObservableState
                  struct State: Equatable { @Presents var child: ChildFeature.State? }
                  enum Action { case child(PresentationAction<ChildFeature.Action>), addButtonTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .addButtonTapped:
                        state.child = ChildFeature.State()
                        return .none
                      ↓case _:
                        return .none
                      }
                    }
                    .ifLet(\\.$child, action: \\.child) { ChildFeature() }
                  }
                }
                """, fileName: "ParentFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct SettingsFeature {
                  @ObservableState
                  struct State: Equatable { var isOn = false }
                  enum Action { case toggled(Bool), onAppear }
                  func reduce(into state: inout State, action: Action) -> Effect<Action> {
                    switch action {
                    case let .toggled(isOn):
                      state.isOn = isOn
                      return .none
                    ↓default: return .none
                    }
                  }
                }
                """, fileName: "SettingsFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct MyPageFeature {
                  @ObservableState
                  struct State: Equatable { var name = "" }
                  enum Action { case onAppear, logoutTapped, accountTapped }
                  var body: some ReducerOf<Self> {
                    viewCore
                    sessionCore
                  }
                  private var viewCore: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .onAppear: return .none
                      ↓default: return .none
                      }
                    }
                  }
                  private var sessionCore: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .logoutTapped: return .none
                      ↓default: return .none
                      }
                    }
                  }
                }
                """, fileName: "MyPageFeature.swift"),
            RuleExample(
                """
                enum ForgetAction { case sendRequestTapped, alertOkTapped, cancelTapped }
                typealias ForgetReducer = Reducer<ForgetState, ForgetAction, ForgetEnvironment>
                let forgetReducer = ForgetReducer { state, action, environment in
                  switch action {
                  case .sendRequestTapped:
                    state.isSent = true
                  ↓case _:
                    break
                  }
                  return .none
                }
                """, fileName: "ForgetFeature.swift"),
            RuleExample(
                """
                enum PayLoginAction: Equatable { case connectButtonTapped }
                struct PayLoginState: Equatable {}

                @Reducer
                struct PayLogin {
                  typealias State = PayLoginState
                  typealias Action = PayLoginAction
                  var body: some Reducer<State, Action> {
                    Reduce { state, action in
                      switch action {
                      ↓default:
                        break
                      }
                      return .none
                    }
                  }
                }
                """, fileName: "PayLogin.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct AppReducer {
                  struct State: Equatable { var history = HistoryFeature.State() }
                  enum Action { case onLaunch, history(HistoryFeature.Action), historyCleared }
                  var body: some ReducerOf<Self> {
                    BindingReducer()
                    Reduce { state, action in
                      switch action {
                      case .onLaunch:
                        return .none
                      default:
                        return .none
                      }
                    }
                    HistoryFeature.RootReducer()
                  }
                }
                """, fileName: "AppReducer.swift"),
            RuleExample(
                """
                @Reducer
                struct SheetFeature {
                  struct State: Equatable { var child: ChildFeature.State? }
                  enum Action { case child(PresentationAction<ChildFeature.Action>), showTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .child(.presented) where state.child == nil:
                        reportIssue("child action while dismissed")
                        return .none
                      default:
                        return .none
                      }
                    }
                    Reduce { state, action in
                      switch action {
                      case .child:
                        return .none
                      case .showTapped:
                        state.child = ChildFeature.State()
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "SheetFeature.swift"),
            RuleExample(
                """
                @Reducer
                struct Filter {
                  struct State: Equatable { var count = 0 }
                  enum Action { case logRequest, cacheDescriptor, refresh }
                  func reduce(into state: inout State, action: Action) -> Effect<Action> {
                    switch action {
                    case .logRequest, .cacheDescriptor: break
                    default: os_log("received %@", String(describing: action))
                    }
                    switch action {
                    case .logRequest, .cacheDescriptor: return .none
                    case .refresh:
                      state.count += 1
                      return .none
                    }
                  }
                }
                """, fileName: "Filter.swift"),
            RuleExample(
                """
                @Reducer
                struct ItemsFeature {
                  @ObservableState
                  struct State: Equatable {
                    var items: [Item] = []
                    @Presents var alert: AlertState<Action.Alert>?
                  }
                  enum Action {
                    case deleteTapped(Item.ID)
                    case alert(PresentationAction<Alert>)
                    case delegate(Delegate)
                    enum Alert: Equatable { case confirmDeletion(Item.ID) }
                    enum Delegate: Equatable { case itemsChanged }
                  }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case let .deleteTapped(id):
                        state.alert = AlertState { TextState("Delete?") }
                        return .none
                      case let .alert(.presented(.confirmDeletion(id))):
                        state.items.removeAll { $0.id == id }
                        return .send(.delegate(.itemsChanged))
                      case .alert:
                        return .none
                      case .delegate:
                        return .none
                      }
                    }
                    .ifLet(\\.$alert, action: \\.alert)
                  }
                }
                """, fileName: "ItemsFeature.swift"),
            RuleExample(
                """
                let counterReducer = Reducer<CounterState, CounterAction, CounterEnvironment> { state, action, _ in
                  switch action {
                  case .decrementButtonTapped:
                    state.count -= 1
                    return .none
                  case .incrementButtonTapped:
                    state.count += 1
                    return .none
                  }
                }
                """, fileName: "CounterReducer.swift"),
            RuleExample(
                """
                @Reducer
                struct TimerFeature {
                  @ObservableState
                  struct State: Equatable { var secondsElapsed = 0; var isRunning = false }
                  enum Action { case toggleTimerButtonTapped, timerTicked }
                  @Dependency(\\.continuousClock) var clock
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .toggleTimerButtonTapped:
                        state.isRunning.toggle()
                        return .run { [isRunning = state.isRunning] send in
                          guard isRunning else { return }
                          for await _ in clock.timer(interval: .seconds(1)) {
                            await send(.timerTicked)
                          }
                        }
                      case .timerTicked:
                        state.secondsElapsed += 1
                        let formatter = DateComponentsFormatter()
                        switch formatter.unitsStyle {
                        case .full: break
                        default: break
                        }
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "TimerFeature.swift"),
            RuleExample(
                """
                enum SearchAction { case queryChanged(String), searchResponse(Result<[Item], SearchError>) }
                func sortKey(for action: SearchAction) -> Int {
                  switch action {
                  case .queryChanged: return 0
                  default: return 1
                  }
                }
                """, fileName: "SearchAction.swift"),
            RuleExample(
                """
                @Reducer
                struct SettingsFeature {
                  @ObservableState
                  struct State: Equatable { var apiKey = "" }
                  enum Action { case apiKeySelection(APIKeySelection.Action), saveTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case let .apiKeySelection(action):
                        switch action {
                        case .keySelected: return .send(.saveTapped)
                        default: return .none
                        }
                      case .saveTapped:
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "SettingsFeature.swift"),
            RuleExample(
                """
                extension MenuFeature {
                  struct RootReducer: Reducer {
                    typealias State = AppFeature.State
                    typealias Action = AppFeature.Action
                    func reduce(into state: inout State, action: Action) -> Effect<Action> {
                      switch action {
                      case .menu(.quitTapped):
                        return .run { _ in await app.quit() }
                      default:
                        return .none
                      }
                    }
                  }
                }
                """, fileName: "MenuFeature+RootReducer.swift"),
            RuleExample(
                """
                @Reducer
                struct RootFeature {
                  @ObservableState
                  struct State: Equatable { var isLoggedIn = false; var balance = 0 }
                  enum Action { case loggedIn, loggedOut, balanceLoaded(Int), delegate(Delegate) }
                  enum Delegate { case finished, cancelled }
                  var body: some ReducerOf<Self> {
                    sessionReduce()
                    balanceReduce()
                  }
                  func sessionReduce() -> Reduce<State, Action> {
                    Reduce { state, action in
                      switch action {
                      case .loggedIn: state.isLoggedIn = true; return .none
                      case .loggedOut: state.isLoggedIn = false; return .none
                      case .delegate: return .none
                      default: return .none
                      }
                    }
                  }
                  func balanceReduce() -> Reduce<State, Action> {
                    Reduce { state, action in
                      switch action {
                      case let .balanceLoaded(balance): state.balance = balance; return .none
                      default: return .none
                      }
                    }
                  }
                  func report(_ delegate: Delegate, action: Delegate) -> Effect<Action> {
                    switch action {
                    case .finished: return .none
                    default: return .none
                    }
                  }
                }
                """, fileName: "RootFeature.swift"),
        ],
        corrections: [
            RuleCorrection(
                RuleExample(
                    """
                    @Reducer
                    struct CounterFeature {
                      @ObservableState
                      struct State: Equatable { var count = 0 }
                      enum Action { case incrementButtonTapped, decrementButtonTapped, resetButtonTapped }
                      var body: some ReducerOf<Self> {
                        Reduce { state, action in
                          switch action {
                          case .incrementButtonTapped:
                            state.count += 1
                            return .none
                          ↓default:
                            return .none
                          }
                        }
                      }
                    }
                    """, fileName: "CounterFeature.swift"),
                """
                @Reducer
                struct CounterFeature {
                  @ObservableState
                  struct State: Equatable { var count = 0 }
                  enum Action { case incrementButtonTapped, decrementButtonTapped, resetButtonTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .incrementButtonTapped:
                        state.count += 1
                        return .none
                      case .decrementButtonTapped, .resetButtonTapped:
                        return .none
                      }
                    }
                  }
                }
                """),
            RuleCorrection(
                RuleExample(
                    """
                    enum SearchAction { case queryChanged(String), response(Result<[Item], SearchError>), clearTapped }
                    let searchReducer = Reducer<SearchState, SearchAction, SearchEnvironment> { state, action, environment in
                      switch action {
                      case let .queryChanged(query):
                        state.query = query
                        return .none
                      case .response(.success(let items)):
                        state.items = items
                        return .none
                      ↓default: return .none
                      }
                    }
                    """, fileName: "SearchReducer.swift"),
                """
                enum SearchAction { case queryChanged(String), response(Result<[Item], SearchError>), clearTapped }
                let searchReducer = Reducer<SearchState, SearchAction, SearchEnvironment> { state, action, environment in
                  switch action {
                  case let .queryChanged(query):
                    state.query = query
                    return .none
                  case .response(.success(let items)):
                    state.items = items
                    return .none
                  case .response, .clearTapped: return .none
                  }
                }
                """),
            RuleCorrection(
                RuleExample(
                    """
                    @Reducer
                    struct ParentFeature {
                      @ObservableState
                      struct State: Equatable { var count = 0 }
                      enum Action { case addButtonTapped, removeButtonTapped }
                      var body: some ReducerOf<Self> {
                        Reduce { state, action in
                          switch action {
                          case .addButtonTapped:
                            state.count += 1
                            return .none
                          ↓case _:
                            return .none
                          }
                        }
                      }
                    }
                    """, fileName: "ParentFeature.swift"),
                """
                @Reducer
                struct ParentFeature {
                  @ObservableState
                  struct State: Equatable { var count = 0 }
                  enum Action { case addButtonTapped, removeButtonTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .addButtonTapped:
                        state.count += 1
                        return .none
                      case .removeButtonTapped:
                        return .none
                      }
                    }
                  }
                }
                """, kind: .suggestion),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        // Only a switch over this feature's own Action hides this feature's cases: a reducer
        // that slices a shared app action may leave the rest to others.
        let ownSwitches = feature.reducers.flatMap { reducer in
            reducer.switches.compactMap { actionSwitch in
                feature.actionEnum(switchedBy: reducer, handling: actionSwitch.handledCases).flatMap { action in
                    // A switch over an enum of the children's actions (a hook that gets the
                    // `.child(…)` actions) is one over child actions: the children handle them.
                    isChildActions(action, switchedBy: reducer, in: feature)
                        ? nil : (reducer: reducer, actionSwitch: actionSwitch, action: action, key: SwitchScope(reducer, action))
                }
            }
        }
        // The cases the switches of each scope name (one type's reducers, whatever their
        // spelling: `Reduce { }`s in `body`, methods, hooks, slices built by methods).
        var named: [SwitchScope: Set<String>] = [:]
        var switches: [SwitchScope: Int] = [:]
        for entry in ownSwitches {
            named[entry.key, default: []].formUnion(entry.actionSwitch.handledCases)
            switches[entry.key, default: 0] += 1
        }
        // Beside app reducers composed on the same Action (`body` listing
        // `HistoryFeature.RootReducer()`), the other cases are theirs. Beside other reducers of
        // the same type, a catch-all hides only the cases none of them names: a `default:`
        // choosing what to log, a slice of the Action, a helper the main switch routes to.
        return ownSwitches.compactMap { entry -> (ReducerFacts, ActionSwitch, TypeDecl, [String])? in
            guard entry.reducer.composedReducers.isEmpty else { return nil }
            let hidden = Self.hidden(entry.action, by: entry.actionSwitch)
            guard switches[entry.key, default: 0] > 1 else { return (entry.reducer, entry.actionSwitch, entry.action, hidden) }
            let unhandled = hidden.filter { !named[entry.key, default: []].contains($0) }
            return unhandled.isEmpty ? nil : (entry.reducer, entry.actionSwitch, entry.action, unhandled)
        }.flatMap { reducer, actionSwitch, action, hidden in
            let owner = reducer.displayOwner.map { " of `\($0)`" } ?? ""
            let described = Self.describe(hidden, of: action)
            var violations: [RuleViolation] = []
            if let location = actionSwitch.defaultLocation {
                violations.append(
                    RuleViolation(
                        location: location,
                        message: "`default:` in the `switch action`\(owner) \(described.text); \(described.advice)",
                        fix: Self.fix(replacing: location, in: actionSwitch, of: action, kind: .fix)))
            }
            if let location = actionSwitch.catchAllLocation {
                // The catch-all's pattern may bind a name its body reads (`case let other:`).
                violations.append(
                    RuleViolation(
                        location: location,
                        message: "A `case` that matches any action in the `switch action`\(owner), like `default:`, \(described.text); \(described.advice)",
                        fix: Self.fix(replacing: location, in: actionSwitch, of: action, kind: .suggestion)))
            }
            return violations
        }
    }

    /// The catch-all at `location` replaced by the cases it catches, with the same body, so
    /// that behaviour is kept and the compiler flags the next case: in Swift every case the
    /// switch's patterns do not match whole (`.child(.tapped)` leaves the rest of `.child`),
    /// in a declared spec the cases it does not name. No fix where those are not known (a
    /// switch with `#if` clauses) or where the catch-all catches nothing.
    private static func fix(
        replacing location: SourceLocation, in actionSwitch: ActionSwitch, of action: TypeDecl, kind: FixKind
    ) -> ProposedFix? {
        if let pointer = location.pointer {
            let hidden = hidden(action, by: actionSwitch)
            guard !hidden.isEmpty, let slash = pointer.lastIndex(of: "/") else { return nil }
            let handled = pointer[..<slash] + "/handledCases/-"
            return ProposedFix(
                kind: kind, summary: "name \(Self.list(hidden)) instead of the catch-all",
                patch: [JSONPatchOperation(op: .replace, path: pointer, value: .boolean(false))]
                    + hidden.map { JSONPatchOperation(op: .add, path: String(handled), value: .string($0)) })
        }
        guard let complete = actionSwitch.completelyHandledCases.map(Set.init) else { return nil }
        let caughtCases = action.cases.filter { !complete.contains($0.name) }
        // A case only some builds declare (`#if DEBUG case debugMenu #endif`) cannot be named in all.
        guard !caughtCases.isEmpty, !caughtCases.contains(where: \.isConditional) else { return nil }
        let caught = caughtCases.map(\.name)
        let label = "case " + caught.map { ".\($0)" }.joined(separator: ", ") + ":"
        return ProposedFix(kind: kind, summary: "name \(Self.list(caught)) instead of the catch-all", replacements: [.init(location, with: label)])
    }

    /// `.a`, `.b` and 3 more.
    private static func list(_ cases: [String]) -> String {
        let shown = cases.prefix(3).map { "`.\($0)`" }.joined(separator: ", ")
        return cases.count > 3 ? "\(shown) and \(cases.count - 3) more" : shown
    }

    /// The cases of `action` the switch does not name.
    private static func hidden(_ action: TypeDecl, by actionSwitch: ActionSwitch) -> [String] {
        let named = Set(actionSwitch.handledCases)
        return action.cases.map(\.name).filter { !named.contains($0) }
    }

    /// What a catch-all hides (`cases` of `action`), as a message says it, and how to list them.
    private static func describe(_ cases: [String], of action: TypeDecl) -> (text: String, advice: String) {
        guard !cases.isEmpty else {
            return ("hides the `\(action.nameInScope)` cases added from now on",
                    "every case is named, some only in part (a nested pattern, a `where`): instead of the catch-all, end with the cases it completes (`case .delegate: return .none`) so the compiler flags the next one")
        }
        let shown = cases.prefix(4).map { "`.\($0)`" }
        let more = cases.count > shown.count ? " and \(cases.count - shown.count) more" : ""
        let list = shown.joined(separator: ", ") + more
        let grouped = cases.prefix(3).map { ".\($0)" }.joined(separator: ", ") + (cases.count > 3 ? ", …" : "")
        return ("hides \(list) of `\(action.nameInScope)`, and every case added later",
                "list \(cases.count == 1 ? "it" : "them") explicitly (`case \(grouped): return .none` for the ones that do nothing; child actions: `case .alert:`)")
    }
}

/// Whether `action` is a child's: the Action of another reducer of the spec (a `Destination`
/// reducer's, switched over in its parent's hook), or an enum of children's actions; in
/// either case not the Action of the reducer that switches over it (the `Action` its owner
/// type sees, nested in it or in a type around it, or, for a reducer of no type, the
/// feature's).
private func isChildActions(_ action: TypeDecl, switchedBy reducer: ReducerFacts, in feature: FeatureModel) -> Bool {
    let roots = feature.actions.map(\.qualifiedName)
    let ownerType = reducer.ownerType ?? ""
    var scope = Substring(ownerType)
    // A reducer type whose Action the spec does not declare (an app protocol's
    // `Action == FeatureAction<Self>`) owns none of the spec's enums.
    var own: [String] = feature.types.contains { $0.qualifiedName == ownerType } ? [] : roots
    var nestsAction = false
    while !scope.isEmpty {
        if feature.types.contains(where: { $0.qualifiedName == "\(scope).Action" }) {
            own = ["\(scope).Action"]
            nestsAction = true
            break
        }
        scope = scope.lastIndex(of: ".").map { scope[..<$0] } ?? ""
    }
    // A reducer whose type nests no `Action` switches over the type its code names for one,
    // resolved from where it is written (`Reducer<CoordinatorState, CoordinatorAction, …>` in
    // `enum SettingsCoordinator`, `typealias Action = PayLoginAction`, `some Reducer<RatingState,
    // RatingAction>`): when that is one of the feature's Actions, it is the reducer's own,
    // unless it is another reducer's `Action` (`Destination.Action` of a hook's parameter).
    if !nestsAction, reducer.actionType != nil, roots.contains(action.qualifiedName), action.name != "Action" {
        own.append(action.qualifiedName)
    }
    guard !own.contains(action.qualifiedName) else { return false }
    // The feature's outputs to its parent (`Delegate`), and what it presents (an alert's
    // actions, `case alert(PresentationAction<Alert>)`), are no events it must handle.
    let presented = feature.actions.flatMap { $0.cases.flatMap { $0.associatedValues.compactMap { TypeDecl.presented($0.type) } } }
    return roots.contains(action.qualifiedName) || action.carriesOnlyChildActions
        || ["Delegate", "DelegateAction"].contains(action.name)
        || presented.contains { action.name == $0 || action.qualifiedName.hasSuffix("." + $0) || action.qualifiedName.hasSuffix(".\($0).Action") }
}

/// Where switches over one Action enum stand together: the reducers of one type (its `body`'s
/// `Reduce`s), or one reducer that belongs to no type.
private struct SwitchScope: Hashable {
    var reducer: String
    var action: String

    init(_ reducer: ReducerFacts, _ action: TypeDecl) {
        self.reducer = reducer.displayOwner ?? "\(reducer.location.file):\(reducer.location.line ?? 0):\(reducer.location.column ?? 0)"
        self.action = action.qualifiedName
    }
}

extension ActionSwitch {
    /// The switch names every case it handles: no `default:`, no catch-all `case`.
    fileprivate var isExhaustive: Bool { defaultLocation == nil && catchAllLocation == nil }
}
