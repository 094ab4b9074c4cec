import Foundation

extension FeedError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .emptyFeed:
      return "There is nothing in your feed yet."
    case let .rateLimited(retryAfter):
      return "Too many requests. Try again in \(Int(retryAfter)) seconds."
    }
  }
}
