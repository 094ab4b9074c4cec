import ComposableArchitecture

let profileReducer = Reducer<ProfileState, ProfileAction, ProfileEnvironment> { state, action, _ in
  switch action {
  case let .bioChanged(bio):
    state.bio = bio
    return .none

  case let .nameChanged(name):
    state.name = name
    return .none

  case .resetButtonTapped:
    state = ProfileState()
    return .none
  }
}
