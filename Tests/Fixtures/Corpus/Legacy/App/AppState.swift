import Foundation

struct AppState: Equatable {
  enum Tab: Equatable, Hashable {
    case counter, search, todos, timers
  }

  var selectedTab: Tab = .counter
  var currentThemeId = "default_light"
  var counter = CounterState()
  var search = SearchState()
  var todos = TodosState()
  var timers = TimersState()
  var login: LoginState?
}
