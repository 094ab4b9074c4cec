/// One rule violation in a spec, as reported to users and stored by the persister.
public struct Finding: Codable, Hashable, Sendable {
    /// The rule's public id (`state-animation-value`).
    public var ruleId: String
    /// Effective severity after configuration.
    public var severity: Severity
    /// What is wrong and what to do instead.
    public var message: String
    /// File of the offending token (or the declared spec's name).
    public var file: String
    /// 1-based line, absent for declared specs.
    public var line: Int?
    /// 1-based column, absent for declared specs.
    public var column: Int?
    /// 1-based line where the offending token or node ends, absent for declared specs (and
    /// for a parse error at a missing token, which has no extent).
    public var endLine: Int?
    /// 1-based column just after the token's last byte on ``endLine`` (end-exclusive, as
    /// SARIF regions and LSP ranges are), absent with it.
    public var endColumn: Int?
    /// JSON pointer into a declared spec, absent for Swift sources.
    public var pointer: String?
    /// Stable identity for baselines: rule + file + normalised line text (not the line number).
    public var fingerprint: String
    /// The edit that makes the finding go away, when its rule gives one (``Fix``). Not kept
    /// in the run history: a fix is valid for the text it was computed from.
    public var fix: Fix?

    public init(
        ruleId: String, severity: Severity, message: String, location: SourceLocation,
        fingerprint: String, fix: Fix? = nil
    ) {
        self.ruleId = ruleId
        self.severity = severity
        self.message = message
        self.file = location.file
        self.line = location.line
        self.column = location.column
        self.endLine = location.endLine
        self.endColumn = location.endColumn
        self.pointer = location.pointer
        self.fingerprint = fingerprint
        self.fix = fix
    }

    private enum CodingKeys: String, CodingKey {
        case ruleId, severity, message, file, line, column, endLine, endColumn, pointer, fingerprint, fix
    }

    /// Encodes every field, with `null` for the location parts a spec does not have, so each
    /// finding has the same shape; `fix` only when there is one. (Decoding takes a finding without `endLine` and
    /// `endColumn`, as workers written before ranges send it.)
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ruleId, forKey: .ruleId)
        try container.encode(severity, forKey: .severity)
        try container.encode(message, forKey: .message)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(endLine, forKey: .endLine)
        try container.encode(endColumn, forKey: .endColumn)
        try container.encode(pointer, forKey: .pointer)
        try container.encode(fingerprint, forKey: .fingerprint)
        try container.encodeIfPresent(fix, forKey: .fix)
    }

    /// The finding's location.
    public var location: SourceLocation {
        SourceLocation(file: file, line: line, column: column, endLine: endLine, endColumn: endColumn, pointer: pointer)
    }
}
