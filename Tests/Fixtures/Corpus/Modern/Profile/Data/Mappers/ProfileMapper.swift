import Foundation

enum ProfileMapper {
  static func toDomain(_ dto: ProfileDTO) -> Profile {
    Profile(
      id: dto.id,
      displayName: dto.displayName,
      bio: dto.bio ?? "",
      avatarURL: dto.avatarUrl.flatMap(URL.init(string:)),
      followerCount: dto.followers,
      joinedAt: dto.createdAt
    )
  }

  static func toRequest(_ update: ProfileUpdate) -> ProfileUpdateRequestDTO {
    ProfileUpdateRequestDTO(displayName: update.displayName, bio: update.bio)
  }

  static func toDTO(_ profile: Profile) -> ProfileDTO {
    ProfileDTO(
      id: profile.id,
      displayName: profile.displayName,
      bio: profile.bio,
      avatarUrl: profile.avatarURL?.absoluteString,
      followers: profile.followerCount,
      createdAt: profile.joinedAt
    )
  }
}
