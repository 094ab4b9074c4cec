import ComposableArchitecture
import SwiftUI

@Reducer
struct StopwatchFeature {
  @ObservableState
  struct State: Equatable {
    var elapsed = 0
  }

  enum Action {
    case resetTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .resetTapped:
        state.elapsed = 0
        return .none
      }
    }
  }
}

struct StopwatchView: View {
  // Built again, and thrown away, each time the parent's body is computed.
  @State var store = Store(initialState: StopwatchFeature.State()) {
    StopwatchFeature()
  }

  var body: some View {
    VStack {
      Text("\(store.elapsed)")
      Button("Reset") { store.send(.resetTapped) }
    }
  }
}
