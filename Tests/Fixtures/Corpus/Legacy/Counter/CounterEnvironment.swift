import Foundation

/// The counter needs no dependencies.
struct CounterEnvironment {}
