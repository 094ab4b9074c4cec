import SwiftUI

struct SettingsState: Equatable {
  enum Digest: String, CaseIterable, Equatable {
    case daily, weekly, off
  }

  var notificationsEnabled = true
  var digest = Digest.daily
}
