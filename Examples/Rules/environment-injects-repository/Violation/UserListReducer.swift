import ComposableArchitecture

let userListReducer = Reducer<UserListState, UserListAction, UserListEnvironment> { state, action, environment in
  switch action {
  case .onAppear:
    state.isLoading = true
    return environment.userRepository.fetchUsers()
      .receive(on: environment.mainQueue)
      .catchToEffect(UserListAction.usersResponse)

  case let .usersResponse(.success(users)):
    state.isLoading = false
    state.users = users
    return .none

  case .usersResponse(.failure):
    state.isLoading = false
    state.errorMessage = "Could not load users."
    return .none
  }
}
