/// Where something is: a range in a file, from a 1-based line and column to an end line and
/// column, for Swift sources, or a JSON pointer into a declared spec (where line and column
/// are absent).
///
/// The end is exclusive, as in SARIF regions and LSP ranges: `endColumn` is the column just
/// after the last byte of the token or node, so a token `scale` at 3:9 ends at 3:14.
public struct SourceLocation: Codable, Hashable, Sendable, Comparable {
    /// Path of the file as the producer named it (relative to the scanned root when possible).
    public var file: String
    /// 1-based line, absent for declared specs.
    public var line: Int?
    /// 1-based column (UTF-8), absent for declared specs.
    public var column: Int?
    /// 1-based line of the end, absent for declared specs and where the location marks a
    /// place rather than a token (a token the parser found missing).
    public var endLine: Int?
    /// 1-based column (UTF-8) just after the last byte, on ``endLine``; absent with it.
    public var endColumn: Int?
    /// JSON pointer (RFC 6901) into a declared spec, absent for Swift sources.
    public var pointer: String?

    public init(
        file: String, line: Int? = nil, column: Int? = nil, endLine: Int? = nil, endColumn: Int? = nil,
        pointer: String? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
        self.pointer = pointer
    }

    /// This location without its end: where it starts.
    public var start: SourceLocation {
        SourceLocation(file: file, line: line, column: column, pointer: pointer)
    }

    /// By start, then by end (the shorter range first).
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line ?? 0, lhs.column ?? 0, lhs.pointer ?? "", lhs.endLine ?? 0, lhs.endColumn ?? 0)
            < (rhs.file, rhs.line ?? 0, rhs.column ?? 0, rhs.pointer ?? "", rhs.endLine ?? 0, rhs.endColumn ?? 0)
    }
}
