import Foundation

public protocol UpdateProfileUseCaseProtocol: Sendable {
  func execute(id: String, update: ProfileUpdate) async throws -> Profile
}

public struct UpdateProfileUseCase: UpdateProfileUseCaseProtocol {
  public static let maximumDisplayNameLength = 32

  private let repository: ProfileRepositoryProtocol

  public init(repository: ProfileRepositoryProtocol) {
    self.repository = repository
  }

  public func execute(id: String, update: ProfileUpdate) async throws -> Profile {
    let name = update.displayName.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else {
      throw ProfileError.invalidDisplayName(reason: "it is empty")
    }
    guard name.count <= Self.maximumDisplayNameLength else {
      throw ProfileError.invalidDisplayName(reason: "it is longer than \(Self.maximumDisplayNameLength) characters")
    }
    return try await repository.updateProfile(id: id, with: ProfileUpdate(displayName: name, bio: update.bio))
  }
}
