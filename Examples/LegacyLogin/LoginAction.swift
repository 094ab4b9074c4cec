import Foundation

enum LoginAction: Equatable {
    case emailChanged(String)
    case passwordChanged(String)
    case loginButtonTapped
    case loginResponse(Result<User, LoginError>)
    case update(LoginState)
}
