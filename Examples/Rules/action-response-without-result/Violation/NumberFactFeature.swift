import ComposableArchitecture
import SwiftUI

@Reducer
struct NumberFactFeature {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var fact: String?
    var isLoading = false
  }

  enum Action {
    case factButtonTapped
    case factResponse(String)
  }

  @Dependency(\.numberFact) var numberFact

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .factButtonTapped:
        state.isLoading = true
        return .run { [count = state.count] send in
          let fact = try await numberFact.fetch(count)
          await send(.factResponse(fact))
        } catch: { _, _ in
          // The failure has no action to go to: `factResponse` only carries a fact.
        }

      case let .factResponse(fact):
        state.isLoading = false
        state.fact = fact
        return .none
      }
    }
  }
}

struct NumberFactView: View {
  let store: StoreOf<NumberFactFeature>

  var body: some View {
    VStack {
      Button("Get a fact about \(store.count)") { store.send(.factButtonTapped) }
      if store.isLoading {
        ProgressView()
      } else if let fact = store.fact {
        Text(fact)
      }
    }
  }
}
