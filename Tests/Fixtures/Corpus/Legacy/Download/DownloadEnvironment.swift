import ComposableArchitecture
import Foundation

struct DownloadEnvironment {
  var downloadClient: DownloadClient
  var mainQueue: AnySchedulerOf<DispatchQueue>
}

extension DownloadEnvironment {
  static let live = Self(downloadClient: .live, mainQueue: .main)
  static let mock = Self(downloadClient: .mock, mainQueue: .immediate)
}

struct DownloadClient {
  var download: (URL) -> Effect<Event, Error>

  struct Error: Swift.Error, Equatable {}

  enum Event: Equatable {
    case response(Data)
    case updateProgress(Double)
  }
}

extension DownloadClient {
  static let live = Self { url in
    Effect.run { subscriber in
      let task = URLSession.shared.dataTask(with: url) { data, _, error in
        switch (data, error) {
        case let (.some(data), _):
          subscriber.send(.response(data))
          subscriber.send(completion: .finished)
        case (_, .some):
          subscriber.send(completion: .failure(Error()))
        case (.none, .none):
          fatalError("Data and Error should not both be nil")
        }
      }

      let observation = task.progress.observe(\.fractionCompleted) { progress, _ in
        subscriber.send(.updateProgress(progress.fractionCompleted))
      }

      task.resume()

      return AnyCancellable {
        observation.invalidate()
        task.cancel()
      }
    }
  }

  static let mock = Self { _ in
    Effect(value: .response(Data("Hello".utf8)))
  }
}
