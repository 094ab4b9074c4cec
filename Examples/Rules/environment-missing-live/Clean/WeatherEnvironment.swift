import ComposableArchitecture
import Foundation

struct WeatherEnvironment {
  var weatherClient: WeatherClient
  var mainQueue: AnySchedulerOf<DispatchQueue>
}

extension WeatherEnvironment {
  static let live = Self(weatherClient: .live, mainQueue: .main)
  static let mock = Self(weatherClient: .mock, mainQueue: .immediate)
}

struct WeatherClient {
  var forecast: (String) -> Effect<Forecast, Failure>

  struct Failure: Error, Equatable {}

  static let live = Self { city in
    var components = URLComponents(string: "https://api.example.com/forecast")!
    components.queryItems = [URLQueryItem(name: "city", value: city)]
    return URLSession.shared.dataTaskPublisher(for: components.url!)
      .map(\.data)
      .decode(type: Forecast.self, decoder: JSONDecoder())
      .mapError { _ in Failure() }
      .eraseToEffect()
  }

  static let mock = Self { _ in
    Effect(value: Forecast(temperature: 21, summary: "Sunny"))
  }
}
