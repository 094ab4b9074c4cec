import Foundation

struct ProfileDTO: Codable, Sendable {
  let id: String
  let displayName: String
  let bio: String?
  let avatarUrl: String?
  let followers: Int
  let createdAt: Date
}

struct ProfileUpdateRequestDTO: Encodable, Sendable {
  let displayName: String
  let bio: String
}
