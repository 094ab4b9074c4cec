import Foundation

struct RatingAction: Equatable {
  enum Kind: Equatable {
    case starTapped
    case clearButtonTapped
  }

  var kind: Kind
  var stars = 0
}
