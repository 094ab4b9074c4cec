import Foundation

enum NotificationsAction: Equatable {
  case enabledToggled(Bool)
  case soundToggled(Bool)
}
