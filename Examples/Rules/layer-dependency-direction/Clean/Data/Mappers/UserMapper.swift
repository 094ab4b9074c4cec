import Foundation

enum UserMapper {
  static func toDomain(_ dto: UserDTO) -> User {
    User(id: dto.id, name: dto.fullName, email: dto.emailAddress)
  }
}
