import ComposableArchitecture
import SwiftUI

@Reducer
struct CardFeature {
  @ObservableState
  struct State: Equatable {
    var title: String
    var isFlipped = false
    var flipRotation: Double = 0
  }

  enum Action {
    case cardTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cardTapped:
        state.isFlipped.toggle()
        state.flipRotation += 180
        return .none
      }
    }
  }
}

struct CardView: View {
  let store: StoreOf<CardFeature>

  var body: some View {
    Text(store.isFlipped ? "Answer" : store.title)
      .font(.title)
      .frame(width: 240, height: 160)
      .background(.tint, in: .rect(cornerRadius: 16))
      .rotation3DEffect(.degrees(store.flipRotation), axis: (x: 0, y: 1, z: 0))
      .onTapGesture { store.send(.cardTapped, animation: .spring) }
  }
}
