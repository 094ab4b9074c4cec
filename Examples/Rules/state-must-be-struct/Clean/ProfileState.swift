import Foundation

struct ProfileState: Equatable {
  var name = ""
  var bio = ""
}
