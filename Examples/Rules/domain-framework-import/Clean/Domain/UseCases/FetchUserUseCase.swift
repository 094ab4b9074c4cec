import Foundation

public struct FetchUserUseCase: Sendable {
  private let repository: UserRepositoryProtocol

  public init(repository: UserRepositoryProtocol) {
    self.repository = repository
  }

  public func execute(id: String) async throws -> User {
    try await repository.fetchUser(id: id)
  }
}
