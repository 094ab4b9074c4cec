import Foundation

public protocol ProfileRepositoryProtocol: Sendable {
  func fetchProfile(id: String) async throws -> Profile
  func updateProfile(id: String, with update: ProfileUpdate) async throws -> Profile
  func cachedProfile(id: String) async -> Profile?
}
