import Foundation

enum SettingsAction: Equatable {
  case digestSelected(SettingsState.Digest)
  case notificationsToggled(Bool)
}
