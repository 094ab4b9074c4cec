import Foundation

struct NewsletterState: Equatable {
  var email = ""
  var isSubmitting = false
  var isSubscribed = false
  var errorMessage: String?
}
