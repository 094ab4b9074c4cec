import Foundation

struct RatingEnvironment {}
