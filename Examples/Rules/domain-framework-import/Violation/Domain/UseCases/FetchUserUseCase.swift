import Dependencies
import Foundation

public struct FetchUserUseCase: Sendable {
  @Dependency(\.userRepository) var repository

  public init() {}

  public func execute(id: String) async throws -> User {
    try await repository.fetchUser(id: id)
  }
}
