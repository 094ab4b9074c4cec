/// An edit that makes a finding go away, attached to the finding it is for: text edits for a
/// Swift source, JSON Patch operations (RFC 6902) for a declared spec.
///
/// A ``FixKind/fix`` keeps the program's behaviour, apart from what the rule's rationale says
/// must change (a mock's scheduler), and `rulebook check --fix` applies it; a
/// ``FixKind/suggestion`` needs a person's review (it may not build, or it makes a choice the
/// rule cannot make) and is only shown.
public struct Fix: Codable, Hashable, Sendable {
    /// Whether `--fix` applies it.
    public var kind: FixKind
    /// What the edit does, in a few words (``name `.logout`, `.onAppear` instead of the catch-all``).
    public var summary: String
    /// UTF-8 byte edits of Swift sources (empty for a declared spec).
    public var edits: [TextEdit]
    /// JSON Patch operations on the declared spec (empty for a Swift source).
    public var patch: [JSONPatchOperation]

    public init(kind: FixKind, summary: String, edits: [TextEdit] = [], patch: [JSONPatchOperation] = []) {
        self.kind = kind
        self.summary = summary
        self.edits = edits
        self.patch = patch
    }
}

/// Whether a fix is applied by `--fix` or shown for review.
public enum FixKind: String, Codable, Hashable, Sendable {
    /// Safe: behaviour kept, applied by `--fix`.
    case fix
    /// Needs review: never applied by `--fix`.
    case suggestion
}

/// One replacement in a file: `byteLength` UTF-8 bytes from `byteOffset` become
/// `replacement` (an insertion has a length of 0). Offsets are those of the text the check
/// read, as SARIF's `byteOffset` and `byteLength` are.
public struct TextEdit: Codable, Hashable, Sendable {
    /// The file, named as the finding names it.
    public var file: String
    /// 0-based UTF-8 offset where the replaced bytes start.
    public var byteOffset: Int
    /// How many bytes are replaced.
    public var byteLength: Int
    /// The new text.
    public var replacement: String

    public init(file: String, byteOffset: Int, byteLength: Int, replacement: String) {
        self.file = file
        self.byteOffset = byteOffset
        self.byteLength = byteLength
        self.replacement = replacement
    }
}
