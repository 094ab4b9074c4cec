import Foundation

final class ProfileRepository: ProfileRepositoryProtocol {
  private let remote: ProfileRemoteDataSourceProtocol
  private let local: ProfileLocalDataSourceProtocol

  init(remote: ProfileRemoteDataSourceProtocol, local: ProfileLocalDataSourceProtocol) {
    self.remote = remote
    self.local = local
  }

  func fetchProfile(id: String) async throws -> Profile {
    do {
      let dto = try await remote.fetchProfile(id: id)
      await local.save(dto)
      return ProfileMapper.toDomain(dto)
    } catch let error as URLError where error.code == .notConnectedToInternet {
      throw ProfileError.networkUnavailable
    }
  }

  func updateProfile(id: String, with update: ProfileUpdate) async throws -> Profile {
    let dto = try await remote.updateProfile(id: id, request: ProfileMapper.toRequest(update))
    await local.save(dto)
    return ProfileMapper.toDomain(dto)
  }

  func cachedProfile(id: String) async -> Profile? {
    await local.load(id: id).map(ProfileMapper.toDomain)
  }
}
