import ComposableArchitecture
import SwiftUI

struct SettingsView: View {
  let store: Store<SettingsState, SettingsAction>

  var body: some View {
    WithViewStore(self.store) { viewStore in
      Form {
        Toggle(
          "Notifications",
          isOn: viewStore.binding(get: \.notificationsEnabled, send: SettingsAction.notificationsToggled)
        )
        Picker(
          "Digest",
          selection: viewStore.binding(get: \.digest, send: SettingsAction.digestSelected)
        ) {
          ForEach(SettingsState.Digest.allCases, id: \.self) { digest in
            Text(digest.rawValue.capitalized).tag(digest)
          }
        }
      }
      .navigationTitle("Settings")
    }
  }
}
