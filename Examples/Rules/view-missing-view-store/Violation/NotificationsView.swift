import ComposableArchitecture
import SwiftUI

struct NotificationsView: View {
  let store: Store<NotificationsState, NotificationsAction>
  @State private var isEnabled = false
  @State private var playsSound = true

  var body: some View {
    Form {
      Toggle("Allow notifications", isOn: $isEnabled)
      Toggle("Play sound", isOn: $playsSound)
        .disabled(!isEnabled)
    }
    .navigationTitle("Notifications")
  }
}
