import Foundation

struct NotificationsState: Equatable {
  var isEnabled = false
  var playsSound = true
}
