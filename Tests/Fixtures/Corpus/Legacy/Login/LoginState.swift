import ComposableArchitecture
import Foundation

struct LoginState: Equatable {
  enum Status: Equatable {
    case idle
    case loading
    case loggedIn(User)
    case failed(String)
  }

  var email = ""
  var password = ""
  var rememberMe = true
  var status: Status = .idle
  var alert: AlertState<LoginAction>?

  var isFormValid: Bool {
    email.contains("@") && password.count >= 8
  }

  var isLoading: Bool { status == .loading }
}

struct User: Equatable, Identifiable, Codable {
  let id: UUID
  var email: String
  var displayName: String
}
