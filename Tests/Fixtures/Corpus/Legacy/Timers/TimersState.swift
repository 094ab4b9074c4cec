import Foundation

struct TimersState: Equatable {
  var isTimerActive = false
  var secondsElapsed = 0
  var laps: [Lap] = []

  struct Lap: Equatable, Identifiable {
    let id: Int
    var seconds: Int
  }

  var formattedTime: String {
    String(format: "%02d:%02d", secondsElapsed / 60, secondsElapsed % 60)
  }
}
