import Foundation

public protocol ProfileRepositoryProtocol {
  func fetch(id: String) async throws -> Profile
  func save(_ profile: Profile) async throws
}
