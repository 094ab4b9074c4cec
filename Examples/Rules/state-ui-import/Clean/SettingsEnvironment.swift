import Foundation

/// The settings screen has no dependencies yet.
struct SettingsEnvironment {}
