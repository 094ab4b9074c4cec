/// Where something is: a file with a 1-based line and column for Swift sources, or a
/// JSON pointer into a declared spec (where line and column are absent).
public struct SourceLocation: Codable, Hashable, Sendable, Comparable {
    /// Path of the file as the producer named it (relative to the scanned root when possible).
    public var file: String
    /// 1-based line, absent for declared specs.
    public var line: Int?
    /// 1-based column (UTF-8), absent for declared specs.
    public var column: Int?
    /// JSON pointer (RFC 6901) into a declared spec, absent for Swift sources.
    public var pointer: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, pointer: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.pointer = pointer
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line ?? 0, lhs.column ?? 0, lhs.pointer ?? "")
            < (rhs.file, rhs.line ?? 0, rhs.column ?? 0, rhs.pointer ?? "")
    }
}
