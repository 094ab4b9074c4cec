import Foundation

public enum ProfileError: LocalizedError, Equatable, Sendable {
  case networkUnavailable
  case notFound(id: String)

  public var errorDescription: String? {
    switch self {
    case .networkUnavailable:
      return "Network connection is unavailable."
    case let .notFound(id):
      return "No profile exists with id \(id)."
    }
  }
}
