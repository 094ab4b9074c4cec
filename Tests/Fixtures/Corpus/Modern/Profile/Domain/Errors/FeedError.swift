import Foundation

public enum FeedError: Error, Equatable, Sendable {
  case emptyFeed
  case rateLimited(retryAfter: TimeInterval)
}
