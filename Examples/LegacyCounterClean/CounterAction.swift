import Foundation

enum CounterAction: Equatable {
    case incrementButtonTapped
    case decrementButtonTapped
    case timerToggled(Bool)
    case timerTicked
}
