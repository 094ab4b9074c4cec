import Foundation

enum UserListAction: Equatable {
  case onAppear
  case usersResponse(Result<[User], UserListError>)
}

enum UserListError: Error, Equatable {
  case network
}
