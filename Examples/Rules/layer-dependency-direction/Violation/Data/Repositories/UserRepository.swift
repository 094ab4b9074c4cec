import Foundation

final class UserRepository: UserRepositoryProtocol {
  private let session: URLSession

  init(session: URLSession) {
    self.session = session
  }

  func fetchUser(id: String) async throws -> UserDTO {
    let url = URL(string: "https://api.example.com/users/\(id)")!
    let (data, _) = try await session.data(from: url)
    return try JSONDecoder().decode(UserDTO.self, from: data)
  }
}
