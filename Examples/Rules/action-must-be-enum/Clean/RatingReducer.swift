import ComposableArchitecture

let ratingReducer = Reducer<RatingState, RatingAction, RatingEnvironment> { state, action, _ in
  switch action {
  case .clearButtonTapped:
    state.stars = 0
    return .none

  case let .starTapped(stars):
    state.stars = min(stars, state.maxStars)
    return .none
  }
}
