import ComposableArchitecture
import Foundation

let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
  counterReducer.pullback(
    state: \.counter,
    action: /AppAction.counter,
    environment: { _ in CounterEnvironment() }
  ),
  loginReducer.optional().pullback(
    state: \.login,
    action: /AppAction.login,
    environment: \.login
  ),
  searchReducer.pullback(
    state: \.search,
    action: /AppAction.search,
    environment: \.search
  ),
  todosReducer.pullback(
    state: \.todos,
    action: /AppAction.todos,
    environment: \.todos
  ),
  timersReducer.pullback(
    state: \.timers,
    action: /AppAction.timers,
    environment: { TimersEnvironment(mainQueue: $0.mainQueue) }
  ),
  Reducer { state, action, _ in
    switch action {
    case .login(.loginResponse(.success)):
      state.login = nil
      return .none

    case .logoutButtonTapped:
      state.login = LoginState()
      return .none

    case let .tabSelected(tab):
      state.selectedTab = tab
      return .none

    case let .themeSelected(themeId):
      state.currentThemeId = themeId
      return .none

    case .counter, .login, .search, .timers, .todos:
      return .none
    }
  }
)
.debugActions("AppAction", actionFormat: .labelsOnly)
