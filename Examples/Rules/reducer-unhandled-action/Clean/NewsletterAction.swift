import Foundation

enum NewsletterAction: Equatable {
  case emailChanged(String)
  case subscribeButtonTapped
  case subscribeResponse(Result<Bool, NewsletterError>)
}

enum NewsletterError: Error, Equatable {
  case invalidEmail
  case network
}
