import ComposableArchitecture
import Foundation

protocol LoginUseCaseProtocol: Sendable {
  func execute(email: String, password: String) -> Effect<User, LoginError>
}

protocol CredentialsUseCaseProtocol: Sendable {
  func savedEmail() -> Effect<String?, Never>
  func rememberEmail(_ email: String?) -> Effect<Never, Never>
}

struct LoginEnvironment {
  var loginUseCase: LoginUseCaseProtocol
  var credentialsUseCase: CredentialsUseCaseProtocol
  var mainQueue: AnySchedulerOf<DispatchQueue>
}

extension LoginEnvironment {
  static var live: Self {
    Self(
      loginUseCase: LiveLoginUseCase(),
      credentialsUseCase: KeychainCredentialsUseCase(),
      mainQueue: .main
    )
  }

  static var mock: Self {
    Self(
      loginUseCase: MockLoginUseCase(result: .success(.mock)),
      credentialsUseCase: MockCredentialsUseCase(),
      mainQueue: .immediate
    )
  }
}

extension User {
  static let mock = User(
    id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
    email: "blob@pointfree.co",
    displayName: "Blob"
  )
}

struct MockLoginUseCase: LoginUseCaseProtocol {
  var result: Result<User, LoginError>

  func execute(email: String, password: String) -> Effect<User, LoginError> {
    result.publisher.eraseToEffect()
  }
}

struct MockCredentialsUseCase: CredentialsUseCaseProtocol {
  func savedEmail() -> Effect<String?, Never> { Effect(value: nil) }
  func rememberEmail(_ email: String?) -> Effect<Never, Never> { .none }
}
