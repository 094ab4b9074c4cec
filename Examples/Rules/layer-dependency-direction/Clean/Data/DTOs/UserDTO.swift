import Foundation

struct UserDTO: Codable, Sendable {
  let id: String
  let fullName: String
  let emailAddress: String
}
