import ComposableArchitecture
import Foundation

struct FactClient {
  var fetch: (Int) -> Effect<String, Failure>

  struct Failure: Error, Equatable {}
}

extension FactClient {
  static let live = Self(
    fetch: { number in
      URLSession.shared.dataTaskPublisher(for: URL(string: "http://numbersapi.com/\(number)/trivia")!)
        .map { data, _ in String(decoding: data, as: UTF8.self) }
        .catch { _ in
          // Sometimes numbersapi.com can be flaky, so if it ever fails we will just
          // default to a mock response.
          Just("\(number) is a good number Brent")
            .delay(for: 1, scheduler: DispatchQueue.main)
        }
        .setFailureType(to: Failure.self)
        .eraseToEffect()
    }
  )

  static let mock = Self(
    fetch: { number in Effect(value: "\(number) is a good number Brent") }
  )

  static let failing = Self(
    fetch: { _ in Effect(error: Failure()) }
  )
}
