import Foundation

public protocol UserRepositoryProtocol: Sendable {
  func fetchUser(id: String) async throws -> User
}
