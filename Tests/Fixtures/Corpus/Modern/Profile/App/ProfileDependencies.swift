import ComposableArchitecture
import Foundation

// Composition root: wires the Data layer's repository into the Domain's use cases and
// exposes the use cases (never the repository) to reducers.

private enum ProfileRepositoryFactory {
  static let live: ProfileRepositoryProtocol = ProfileRepository(
    remote: ProfileRemoteDataSource(baseURL: URL(string: "https://api.example.com/v1")!),
    local: ProfileLocalDataSource(
      directory: URL.cachesDirectory.appendingPathComponent("profiles", isDirectory: true)
    )
  )
}

private enum FetchProfileUseCaseKey: DependencyKey {
  static let liveValue: any FetchProfileUseCaseProtocol = FetchProfileUseCase(
    repository: ProfileRepositoryFactory.live
  )
  static let previewValue: any FetchProfileUseCaseProtocol = StubFetchProfileUseCase(profile: .preview)
  static let testValue: any FetchProfileUseCaseProtocol = UnimplementedFetchProfileUseCase()
}

private enum UpdateProfileUseCaseKey: DependencyKey {
  static let liveValue: any UpdateProfileUseCaseProtocol = UpdateProfileUseCase(
    repository: ProfileRepositoryFactory.live
  )
  static let previewValue: any UpdateProfileUseCaseProtocol = StubUpdateProfileUseCase()
  static let testValue: any UpdateProfileUseCaseProtocol = StubUpdateProfileUseCase()
}

extension DependencyValues {
  var fetchProfileUseCase: any FetchProfileUseCaseProtocol {
    get { self[FetchProfileUseCaseKey.self] }
    set { self[FetchProfileUseCaseKey.self] = newValue }
  }

  var updateProfileUseCase: any UpdateProfileUseCaseProtocol {
    get { self[UpdateProfileUseCaseKey.self] }
    set { self[UpdateProfileUseCaseKey.self] = newValue }
  }
}

// MARK: - Test and preview doubles

struct StubFetchProfileUseCase: FetchProfileUseCaseProtocol {
  var profile: Profile
  func execute(id: String) async throws -> Profile { profile }
}

struct UnimplementedFetchProfileUseCase: FetchProfileUseCaseProtocol {
  func execute(id: String) async throws -> Profile {
    reportIssue("FetchProfileUseCase.execute is unimplemented")
    throw ProfileError.unknown("unimplemented")
  }
}

struct StubUpdateProfileUseCase: UpdateProfileUseCaseProtocol {
  func execute(id: String, update: ProfileUpdate) async throws -> Profile {
    Profile(id: id, displayName: update.displayName, bio: update.bio, joinedAt: Date(timeIntervalSince1970: 0))
  }
}

extension Profile {
  static let preview = Profile(
    id: "blob",
    displayName: "Blob",
    bio: "Composable architect.",
    followerCount: 1_024,
    joinedAt: Date(timeIntervalSince1970: 1_600_000_000)
  )
}
