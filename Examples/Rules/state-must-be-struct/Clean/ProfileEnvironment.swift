import Foundation

struct ProfileEnvironment {}
