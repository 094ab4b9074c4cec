import ComposableArchitecture
import Foundation

let effectsBasicsReducer = Reducer<
  EffectsBasicsState,
  EffectsBasicsAction,
  EffectsBasicsEnvironment
> { state, action, environment in
  enum DelayID {}

  switch action {
  case .decrementButtonTapped:
    state.count -= 1
    state.numberFact = nil
    // Return an effect that re-increments the count after 1 second if the count is negative.
    return state.count >= 0
      ? .none
      : Effect(value: .decrementDelayResponse)
        .delay(for: 1, scheduler: environment.mainQueue)
        .eraseToEffect()
        .cancellable(id: DelayID.self)

  case .decrementDelayResponse:
    if state.count < 0 {
      state.count += 1
    }
    return .none

  case .incrementButtonTapped:
    state.count += 1
    state.numberFact = nil
    return state.count >= 0
      ? .cancel(id: DelayID.self)
      : .none

  case .numberFactButtonTapped:
    state.isNumberFactRequestInFlight = true
    state.numberFact = nil
    state.errorMessage = nil
    return environment.fact.fetch(state.count)
      .receive(on: environment.mainQueue)
      .catchToEffect(EffectsBasicsAction.numberFactResponse)

  case let .numberFactResponse(.success(response)):
    state.isNumberFactRequestInFlight = false
    state.numberFact = response
    return .none

  case .numberFactResponse(.failure):
    state.isNumberFactRequestInFlight = false
    state.errorMessage = "Could not load a number fact. Please try again."
    return .none
  }
}
