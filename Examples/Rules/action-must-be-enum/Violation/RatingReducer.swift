import ComposableArchitecture

let ratingReducer = Reducer<RatingState, RatingAction, RatingEnvironment> { state, action, _ in
  switch action.kind {
  case .starTapped:
    state.stars = min(action.stars, state.maxStars)
    return .none

  case .clearButtonTapped:
    state.stars = 0
    return .none
  }
}
