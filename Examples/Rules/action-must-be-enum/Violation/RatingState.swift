import Foundation

struct RatingState: Equatable {
  var stars = 0
  var maxStars = 5
}
