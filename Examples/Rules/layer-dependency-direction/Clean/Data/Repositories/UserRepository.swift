import Foundation

final class UserRepository: UserRepositoryProtocol {
  private let session: URLSession

  init(session: URLSession) {
    self.session = session
  }

  func fetchUser(id: String) async throws -> User {
    let url = URL(string: "https://api.example.com/users/\(id)")!
    let (data, _) = try await session.data(from: url)
    return UserMapper.toDomain(try JSONDecoder().decode(UserDTO.self, from: data))
  }
}
