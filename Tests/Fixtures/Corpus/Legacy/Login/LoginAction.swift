import Foundation

enum LoginAction: Equatable {
  case emailChanged(String)
  case passwordChanged(String)
  case rememberMeToggled(Bool)
  case loginButtonTapped
  case loginResponse(Result<User, LoginError>)
  case alertDismissed
  case onAppear
  case savedEmailLoaded(String?)
}

enum LoginError: Error, Equatable {
  case invalidCredentials
  case network(String)
}

extension LoginError: LocalizedError {
  var errorDescription: String? {
    switch self {
    case .invalidCredentials:
      return "The email or password is incorrect."
    case let .network(message):
      return "Could not reach the server: \(message)"
    }
  }
}
