import Foundation

/// Legacy five-file feature with violations: animation geometry in State.
struct LoginState: Equatable {
    var email: String = ""
    var password: String = ""
    var isLoading: Bool = false
    var buttonScale: CGFloat = 1.0
    var errorMessage: String?
}
