import ComposableArchitecture
import Foundation

struct NewsletterEnvironment {
  var subscribe: (String) -> Effect<Bool, NewsletterError>
  var mainQueue: AnySchedulerOf<DispatchQueue>

  static let live = Self(
    subscribe: { _ in Effect(value: true) },
    mainQueue: .main
  )

  static let mock = Self(
    subscribe: { _ in Effect(value: true) },
    mainQueue: .immediate
  )
}
