import Foundation

/// Legacy feature that follows the rulebook: no findings.
struct CounterState: Equatable {
    var count: Int = 0
    var isTimerRunning: Bool = false
}
