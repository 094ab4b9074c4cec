import ComposableArchitecture
import SwiftUI

@Reducer
struct NewsletterFeature {
  @ObservableState
  struct State: Equatable {
    var email = ""
    var isSubscribed = false
  }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case subscribeTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .subscribeTapped:
        state.isSubscribed = true
        return .none
      }
    }
  }
}

struct NewsletterView: View {
  @Bindable var store: StoreOf<NewsletterFeature>

  var body: some View {
    Form {
      TextField("Email", text: $store.email)
      Button("Subscribe") { store.send(.subscribeTapped) }
    }
  }
}
