import Foundation

public enum ProfileError: Error, Equatable, Sendable {
  case networkUnavailable
  case notFound(id: String)
}
