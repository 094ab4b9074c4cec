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

  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case saveButtonTapped
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none

      case .saveButtonTapped:
        state.savedName = state.name
        return .none
      }
    }
  }
}

struct ProfileEditorView: View {
  @Bindable var store: StoreOf<ProfileEditorFeature>

  var body: some View {
    Form {
      TextField("Name", text: $store.name)
      Button("Save") { store.send(.saveButtonTapped) }
    }
  }
}
