import ComposableArchitecture
import Foundation

protocol UserRepositoryProtocol: Sendable {
  func fetchUsers() -> Effect<[User], UserListError>
}

struct UserListEnvironment {
  var userRepository: UserRepositoryProtocol
  var mainQueue: AnySchedulerOf<DispatchQueue>

  static let live = Self(userRepository: LiveUserRepository(), mainQueue: .main)
  static let mock = Self(userRepository: MockUserRepository(), mainQueue: .immediate)
}

struct LiveUserRepository: UserRepositoryProtocol {
  func fetchUsers() -> Effect<[User], UserListError> {
    URLSession.shared.dataTaskPublisher(for: URL(string: "https://api.example.com/users")!)
      .map(\.data)
      .decode(type: [User].self, decoder: JSONDecoder())
      .mapError { _ in UserListError.network }
      .eraseToEffect()
  }
}

struct MockUserRepository: UserRepositoryProtocol {
  func fetchUsers() -> Effect<[User], UserListError> {
    Effect(value: [User(id: 1, name: "Blob")])
  }
}
