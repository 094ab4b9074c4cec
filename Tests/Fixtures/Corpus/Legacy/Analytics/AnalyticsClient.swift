import ComposableArchitecture
import Foundation

struct AnalyticsClient {
  var track: (String) -> Void

  static let live = Self { event in
    #if DEBUG
      print("[analytics]", event)
    #endif
  }

  static let noop = Self { _ in }
}
