import Foundation

struct NotificationsEnvironment {}
