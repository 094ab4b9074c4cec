import ComposableArchitecture
import SwiftUI

@Reducer
struct PlayerFeature {
  @ObservableState
  struct State: Equatable {
    var isPlaying = false
    var trackIndex = 0
    var trackCount = 10
  }

  enum Action {
    case nextTrackButtonTapped
    case onDisappear
    case pauseButtonTapped
    case playButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .nextTrackButtonTapped:
        state.trackIndex = (state.trackIndex + 1) % state.trackCount
        return .none

      case .playButtonTapped:
        state.isPlaying = true
        return .none

      case .onDisappear, .pauseButtonTapped:
        state.isPlaying = false
        return .none
      }
    }
  }
}

struct PlayerView: View {
  let store: StoreOf<PlayerFeature>

  var body: some View {
    HStack {
      Button(store.isPlaying ? "Pause" : "Play") {
        store.send(store.isPlaying ? .pauseButtonTapped : .playButtonTapped)
      }
      Button("Next") { store.send(.nextTrackButtonTapped) }
    }
    .onDisappear { store.send(.onDisappear) }
  }
}
