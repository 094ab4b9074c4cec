import ComposableArchitecture
import Foundation

struct AppEnvironment {
  var login: LoginEnvironment
  var search: SearchEnvironment
  var todos: TodosEnvironment
  var mainQueue: AnySchedulerOf<DispatchQueue>

  static var live: Self {
    Self(
      login: .live,
      search: .live,
      todos: .live,
      mainQueue: .main
    )
  }

  static var mock: Self {
    Self(
      login: .mock,
      search: .mock,
      todos: .mock,
      mainQueue: .immediate
    )
  }
}
