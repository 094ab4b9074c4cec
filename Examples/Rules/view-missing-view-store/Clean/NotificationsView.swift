import ComposableArchitecture
import SwiftUI

struct NotificationsView: View {
  let store: Store<NotificationsState, NotificationsAction>

  var body: some View {
    WithViewStore(self.store) { viewStore in
      Form {
        Toggle(
          "Allow notifications",
          isOn: viewStore.binding(get: \.isEnabled, send: NotificationsAction.enabledToggled)
        )
        Toggle(
          "Play sound",
          isOn: viewStore.binding(get: \.playsSound, send: NotificationsAction.soundToggled)
        )
        .disabled(!viewStore.isEnabled)
      }
      .navigationTitle("Notifications")
    }
  }
}
