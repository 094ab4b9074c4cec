import Foundation

struct UserListState: Equatable {
  var users: [User] = []
  var isLoading = false
  var errorMessage: String?
}

struct User: Equatable, Identifiable, Decodable {
  let id: Int
  var name: String
}
