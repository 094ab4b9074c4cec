import Foundation

public protocol ProfileRepositoryProtocol: Sendable {
  func fetch(id: String) async throws -> Profile
  func save(_ profile: Profile) async throws
}
