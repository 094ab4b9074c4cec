import Combine
import ComposableArchitecture
import Foundation

struct LiveLoginUseCase: LoginUseCaseProtocol {
  var baseURL = URL(string: "https://api.example.com")!

  func execute(email: String, password: String) -> Effect<User, LoginError> {
    var request = URLRequest(url: baseURL.appendingPathComponent("session"))
    request.httpMethod = "POST"
    request.httpBody = try? JSONEncoder().encode(["email": email, "password": password])
    return URLSession.shared.dataTaskPublisher(for: request)
      .mapError { LoginError.network($0.localizedDescription) }
      .tryMap { data, response in
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
          throw LoginError.invalidCredentials
        }
        return try JSONDecoder().decode(User.self, from: data)
      }
      .mapError { $0 as? LoginError ?? .invalidCredentials }
      .eraseToEffect()
  }
}

struct KeychainCredentialsUseCase: CredentialsUseCaseProtocol {
  private let key = "login.savedEmail"

  func savedEmail() -> Effect<String?, Never> {
    .future { callback in
      callback(.success(UserDefaults.standard.string(forKey: key)))
    }
  }

  func rememberEmail(_ email: String?) -> Effect<Never, Never> {
    .fireAndForget {
      UserDefaults.standard.set(email, forKey: key)
    }
  }
}
