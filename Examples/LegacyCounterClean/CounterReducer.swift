import ComposableArchitecture

let counterReducer = Reducer<CounterState, CounterAction, CounterEnvironment> { state, action, environment in
    switch action {
    case .incrementButtonTapped:
        state.count += 1
        return .none
    case .decrementButtonTapped:
        state.count -= 1
        return .none
    case let .timerToggled(isOn):
        state.isTimerRunning = isOn
        return .none
    case .timerTicked:
        state.count += 1
        return .none
    }
}
