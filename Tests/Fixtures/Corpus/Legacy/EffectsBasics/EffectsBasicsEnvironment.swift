import ComposableArchitecture
import Foundation

struct EffectsBasicsEnvironment {
  var fact: FactClient
  var mainQueue: AnySchedulerOf<DispatchQueue>

  static let live = Self(
    fact: .live,
    mainQueue: .main
  )

  static let mock = Self(
    fact: .mock,
    mainQueue: .immediate
  )
}
