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
    case sortOrderSelected(ContactSortOrder)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .sortOrderSelected(order):
        state.sortOrder = order
        state.contacts.sort { order == .ascending ? $0 < $1 : $0 > $1 }
        return .none
      }
    }
  }
}

enum ContactSortOrder: String, CaseIterable, Equatable {
  case ascending, descending
}

struct ContactListView: View {
  let store: StoreOf<ContactListFeature>

  var body: some View {
    List(store.contacts, id: \.self) { Text($0) }
      .toolbar {
        Picker("Sort", selection: Binding(get: { store.sortOrder }, set: { store.send(.sortOrderSelected($0)) })) {
          ForEach(ContactSortOrder.allCases, id: \.self) { Text($0.rawValue.capitalized).tag($0) }
        }
      }
  }
}
