import Foundation

enum RatingAction: Equatable {
  case clearButtonTapped
  case starTapped(Int)
}
