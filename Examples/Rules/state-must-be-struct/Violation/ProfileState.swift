import Foundation

final class ProfileState: Equatable {
  var name: String
  var bio: String

  init(name: String = "", bio: String = "") {
    self.name = name
    self.bio = bio
  }

  static func == (lhs: ProfileState, rhs: ProfileState) -> Bool {
    lhs.name == rhs.name && lhs.bio == rhs.bio
  }
}
