import ComposableArchitecture
import SwiftUI

struct UserListView: View {
  let store: Store<UserListState, UserListAction>

  var body: some View {
    WithViewStore(self.store) { viewStore in
      List(viewStore.users) { user in
        Text(user.name)
      }
      .overlay {
        if viewStore.isLoading { ProgressView() }
      }
      .onAppear { viewStore.send(.onAppear) }
    }
  }
}
