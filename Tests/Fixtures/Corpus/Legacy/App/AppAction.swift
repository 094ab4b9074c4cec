import Foundation

enum AppAction: Equatable {
  case counter(CounterAction)
  case login(LoginAction)
  case logoutButtonTapped
  case search(SearchAction)
  case tabSelected(AppState.Tab)
  case themeSelected(String)
  case timers(TimersAction)
  case todos(TodosAction)
}
