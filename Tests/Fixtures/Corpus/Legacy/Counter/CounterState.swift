import Foundation

/// The state of a single counter: the pointfreeco "Basics" case study.
struct CounterState: Equatable {
  var count = 0
  var maxCount = 99
  var minCount = -99

  var canIncrement: Bool { count < maxCount }
  var canDecrement: Bool { count > minCount }
}
