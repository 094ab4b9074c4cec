import ComposableArchitecture
import Foundation

struct SearchEnvironment {
  var weatherClient: WeatherClient
  var mainQueue: AnySchedulerOf<DispatchQueue>
}

extension SearchEnvironment {
  static let live = Self(weatherClient: .live, mainQueue: .main)

  static var mock: Self {
    Self(weatherClient: .mock, mainQueue: .immediate)
  }

  static func mock(scheduler: TestSchedulerOf<DispatchQueue>) -> Self {
    Self(weatherClient: .mock, mainQueue: scheduler.eraseToAnyScheduler())
  }
}
