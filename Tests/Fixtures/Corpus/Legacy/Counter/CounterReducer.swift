import ComposableArchitecture

let counterReducer = Reducer<CounterState, CounterAction, CounterEnvironment> { state, action, _ in
  switch action {
  case .decrementButtonTapped:
    guard state.canDecrement else { return .none }
    state.count -= 1
    return .none

  case .incrementButtonTapped:
    guard state.canIncrement else { return .none }
    state.count += 1
    return .none

  case .resetButtonTapped:
    state.count = 0
    return .none
  }
}
