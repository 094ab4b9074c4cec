import Foundation

enum EffectsBasicsAction: Equatable {
  case decrementButtonTapped
  case decrementDelayResponse
  case incrementButtonTapped
  case numberFactButtonTapped
  case numberFactResponse(Result<String, FactClient.Failure>)
}
