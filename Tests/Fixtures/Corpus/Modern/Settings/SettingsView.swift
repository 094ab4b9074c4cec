import ComposableArchitecture
import SwiftUI

struct SettingsView: View {
  @Bindable var store: StoreOf<SettingsFeature>
  @FocusState private var isNameFocused: Bool
  @Environment(\.theme) private var theme

  var body: some View {
    Form {
      Section {
        TextField("Display name", text: $store.displayName)
          .focused($isNameFocused)
        Toggle("Protect my posts", isOn: $store.protectMyPosts)
      }

      Section {
        Toggle("Send notifications", isOn: $store.enableNotifications)
          .disabled(store.isSendingNotificationsPermissionRequest)

        if store.enableNotifications {
          Toggle("Mobile", isOn: $store.sendMobileNotifications)
          Toggle("Email", isOn: $store.sendEmailNotifications)
          Picker("Top posts digest", selection: $store.digest) {
            ForEach(SettingsFeature.Digest.allCases, id: \.self) { digest in
              Text(digest.rawValue.capitalized)
            }
          }
        }
      } header: {
        Text("Notifications")
      }

      Section("Theme") {
        ForEach(["default_light", "default_dark", "ocean"], id: \.self) { themeId in
          Button {
            store.send(.themeSelected(themeId))
          } label: {
            HStack {
              Text(themeId.replacingOccurrences(of: "_", with: " ").capitalized)
              Spacer()
              if store.currentThemeId == themeId {
                Image(systemName: "checkmark")
              }
            }
          }
        }
      }

      Button("Reset") {
        isNameFocused = false
        store.send(.resetButtonTapped)
      }
      .tint(theme.destructive)
    }
    .alert($store.scope(state: \.alert, action: \.alert))
    .navigationTitle("Settings")
  }
}

struct Theme: Sendable {
  var accent: Color
  var destructive: Color
}

private enum ThemeKey: EnvironmentKey {
  static let defaultValue = Theme(accent: .blue, destructive: .red)
}

extension EnvironmentValues {
  var theme: Theme {
    get { self[ThemeKey.self] }
    set { self[ThemeKey.self] = newValue }
  }
}
