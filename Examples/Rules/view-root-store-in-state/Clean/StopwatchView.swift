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

@main
struct StopwatchApp: App {
  // The App is built once: its root store too.
  @State var store = Store(initialState: StopwatchFeature.State()) {
    StopwatchFeature()
  }

  var body: some Scene {
    WindowGroup { StopwatchView(store: store) }
  }
}

struct StopwatchView: View {
  let store: StoreOf<StopwatchFeature>

  var body: some View {
    VStack {
      Text("\(store.elapsed)")
      Button("Reset") { store.send(.resetTapped) }
    }
  }
}
