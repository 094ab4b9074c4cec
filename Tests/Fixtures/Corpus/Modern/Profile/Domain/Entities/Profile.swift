import Foundation

public struct Profile: Identifiable, Equatable, Codable, Sendable {
  public let id: String
  public var displayName: String
  public var bio: String
  public var avatarURL: URL?
  public var followerCount: Int
  public var joinedAt: Date

  public init(
    id: String,
    displayName: String,
    bio: String = "",
    avatarURL: URL? = nil,
    followerCount: Int = 0,
    joinedAt: Date
  ) {
    self.id = id
    self.displayName = displayName
    self.bio = bio
    self.avatarURL = avatarURL
    self.followerCount = followerCount
    self.joinedAt = joinedAt
  }
}

public struct ProfileUpdate: Equatable, Sendable {
  public var displayName: String
  public var bio: String

  public init(displayName: String, bio: String) {
    self.displayName = displayName
    self.bio = bio
  }
}
