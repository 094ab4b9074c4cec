import Foundation

public struct User: Identifiable, Equatable, Codable, Sendable {
  public let id: String
  public var name: String
  public var email: String

  public init(id: String, name: String, email: String) {
    self.id = id
    self.name = name
    self.email = email
  }
}
