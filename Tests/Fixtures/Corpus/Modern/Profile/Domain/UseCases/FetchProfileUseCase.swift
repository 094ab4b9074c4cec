import Foundation

public protocol FetchProfileUseCaseProtocol: Sendable {
  func execute(id: String) async throws -> Profile
}

public struct FetchProfileUseCase: FetchProfileUseCaseProtocol {
  private let repository: ProfileRepositoryProtocol

  public init(repository: ProfileRepositoryProtocol) {
    self.repository = repository
  }

  public func execute(id: String) async throws -> Profile {
    do {
      return try await repository.fetchProfile(id: id)
    } catch ProfileError.networkUnavailable {
      if let cached = await repository.cachedProfile(id: id) {
        return cached
      }
      throw ProfileError.networkUnavailable
    }
  }
}
