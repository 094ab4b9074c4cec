import ComposableArchitecture
import Foundation

struct TimersEnvironment {
  var mainQueue: AnySchedulerOf<DispatchQueue>
}

extension TimersEnvironment {
  static let live = Self(mainQueue: .main)
  static let mock = Self(mainQueue: .immediate)
}
