import ComposableArchitecture
import SwiftUI

@Reducer
struct ContactListFeature {
  @ObservableState
  struct State: Equatable {
    var contacts: [String] = []
    var sortOrder = ContactSortOrder.ascending
  }

  enum Action {
    case sortOrderChanged
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .sortOrderChanged:
        state.sortOrder = state.sortOrder == .ascending ? .descending : .ascending
        state.contacts.sort { state.sortOrder == .ascending ? $0 < $1 : $0 > $1 }
        return .none
      }
    }
  }
}

enum ContactSortOrder: Equatable {
  case ascending, descending
}

struct ContactListView: View {
  let store: StoreOf<ContactListFeature>

  var body: some View {
    List(store.contacts, id: \.self) { Text($0) }
      .toolbar {
        Button("Sort") { store.send(.sortOrderChanged) }
      }
  }
}
