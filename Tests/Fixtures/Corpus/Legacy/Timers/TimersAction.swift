import Foundation

enum TimersAction: Equatable {
  case lapButtonTapped
  case onDisappear
  case resetButtonTapped
  case timerTicked
  case toggleTimerButtonTapped
}
