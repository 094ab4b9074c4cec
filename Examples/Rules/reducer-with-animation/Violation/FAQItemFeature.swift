import ComposableArchitecture
import SwiftUI

@Reducer
struct FAQItemFeature {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var question: String
    var answer: String
    var isExpanded = false
  }

  enum Action {
    case questionTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .questionTapped:
        withAnimation(.snappy) {
          state.isExpanded.toggle()
        }
        return .none
      }
    }
  }
}

struct FAQItemView: View {
  let store: StoreOf<FAQItemFeature>

  var body: some View {
    VStack(alignment: .leading) {
      Button(store.question) { store.send(.questionTapped) }
      if store.isExpanded {
        Text(store.answer).transition(.opacity)
      }
    }
  }
}
