import ComposableArchitecture
import SwiftUI

@Reducer
struct CardFeature {
  @ObservableState
  struct State: Equatable {
    var title: String
    var isFlipped = false
  }

  enum Action {
    case cardTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cardTapped:
        state.isFlipped.toggle()
        return .none
      }
    }
  }
}

struct CardView: View {
  let store: StoreOf<CardFeature>
  @State private var rotation: Double = 0

  var body: some View {
    Text(store.isFlipped ? "Answer" : store.title)
      .font(.title)
      .frame(width: 240, height: 160)
      .background(.tint, in: .rect(cornerRadius: 16))
      .rotation3DEffect(.degrees(rotation), axis: (x: 0, y: 1, z: 0))
      .onTapGesture { store.send(.cardTapped) }
      .onChange(of: store.isFlipped) { _, _ in
        withAnimation(.spring) { rotation += 180 }
      }
  }
}
