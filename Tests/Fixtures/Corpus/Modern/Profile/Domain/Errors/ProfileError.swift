import Foundation

public enum ProfileError: LocalizedError, Equatable, Sendable {
  case networkUnavailable
  case notFound(id: String)
  case invalidDisplayName(reason: String)
  case unknown(String)

  public var errorDescription: String? {
    switch self {
    case .networkUnavailable:
      return "Network connection is unavailable."
    case let .notFound(id):
      return "No profile exists with id \(id)."
    case let .invalidDisplayName(reason):
      return "The display name is invalid: \(reason)."
    case let .unknown(message):
      return message
    }
  }

  public var recoverySuggestion: String? {
    switch self {
    case .networkUnavailable:
      return "Check your connection and try again."
    case .notFound, .invalidDisplayName, .unknown:
      return nil
    }
  }
}
