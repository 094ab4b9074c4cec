import ComposableArchitecture
import SwiftUI

@Reducer
struct ProfileEditorFeature {
  @ObservableState
  struct State: Equatable {
    var name = ""
    var bio = ""
    var savedName: String?
  }

  enum Action {
    case saveButtonTapped
    case update(State)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .saveButtonTapped:
        state.savedName = state.name
        return .none

      case let .update(newState):
        state = newState
        return .none
      }
    }
  }
}

struct ProfileEditorView: View {
  let store: StoreOf<ProfileEditorFeature>

  var body: some View {
    Form {
      TextField(
        "Name",
        text: Binding(
          get: { store.name },
          set: { name in
            var newState = store.withState { $0 }
            newState.name = name
            store.send(.update(newState))
          }
        )
      )
      Button("Save") { store.send(.saveButtonTapped) }
    }
  }
}
