import ComposableArchitecture
import Foundation

protocol FetchUsersUseCaseProtocol: Sendable {
  func execute() -> Effect<[User], UserListError>
}

struct UserListEnvironment {
  var fetchUsersUseCase: FetchUsersUseCaseProtocol
  var mainQueue: AnySchedulerOf<DispatchQueue>

  static let live = Self(fetchUsersUseCase: LiveFetchUsersUseCase(), mainQueue: .main)
  static let mock = Self(fetchUsersUseCase: MockFetchUsersUseCase(), mainQueue: .immediate)
}

struct LiveFetchUsersUseCase: FetchUsersUseCaseProtocol {
  func execute() -> Effect<[User], UserListError> {
    URLSession.shared.dataTaskPublisher(for: URL(string: "https://api.example.com/users")!)
      .map(\.data)
      .decode(type: [User].self, decoder: JSONDecoder())
      .mapError { _ in UserListError.network }
      .eraseToEffect()
  }
}

struct MockFetchUsersUseCase: FetchUsersUseCaseProtocol {
  func execute() -> Effect<[User], UserListError> {
    Effect(value: [User(id: 1, name: "Blob")])
  }
}
