import Foundation

enum CounterAction: Equatable {
  case decrementButtonTapped
  case incrementButtonTapped
  case resetButtonTapped
}
