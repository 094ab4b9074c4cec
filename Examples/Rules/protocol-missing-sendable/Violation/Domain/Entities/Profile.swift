import Foundation

public struct Profile: Identifiable, Equatable, Sendable {
  public let id: String
  public var displayName: String

  public init(id: String, displayName: String) {
    self.id = id
    self.displayName = displayName
  }
}
