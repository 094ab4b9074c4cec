import RulebookCore
import SwiftSyntax

/// Rulebook's location type (SwiftSyntax has its own `SourceLocation`).
typealias Location = RulebookCore.SourceLocation

/// Turns a token into the location of its first character in a file.
typealias Locator = (TokenSyntax) -> Location
