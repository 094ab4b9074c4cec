import ComposableArchitecture
import Foundation

let timersReducer = Reducer<TimersState, TimersAction, TimersEnvironment> { state, action, environment in
  enum TimerID {}

  switch action {
  case .lapButtonTapped:
    state.laps.append(.init(id: state.laps.count + 1, seconds: state.secondsElapsed))
    return .none

  case .onDisappear:
    return .cancel(id: TimerID.self)

  case .resetButtonTapped:
    state.isTimerActive = false
    state.secondsElapsed = 0
    state.laps = []
    return .cancel(id: TimerID.self)

  case .timerTicked:
    state.secondsElapsed += 1
    return .none

  case .toggleTimerButtonTapped:
    state.isTimerActive.toggle()
    return state.isTimerActive
      ? Effect.timer(
        id: TimerID.self,
        every: 1,
        tolerance: .zero,
        on: environment.mainQueue.animation(.interpolatingSpring(stiffness: 3000, damping: 40))
      )
      .map { _ in TimersAction.timerTicked }
      : .cancel(id: TimerID.self)
  }
}
