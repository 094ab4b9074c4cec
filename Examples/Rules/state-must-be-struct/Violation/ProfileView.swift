import ComposableArchitecture
import SwiftUI

struct ProfileView: View {
  let store: Store<ProfileState, ProfileAction>

  var body: some View {
    WithViewStore(self.store) { viewStore in
      Form {
        TextField("Name", text: viewStore.binding(get: \.name, send: ProfileAction.nameChanged))
        TextField("Bio", text: viewStore.binding(get: \.bio, send: ProfileAction.bioChanged))
        Button("Reset", role: .destructive) { viewStore.send(.resetButtonTapped) }
      }
    }
  }
}
