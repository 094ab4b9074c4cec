/// A fix as a rule proposes it, in the model's terms: ranges of a Swift source (the locations
/// the front end recorded) and their new text, or JSON Patch operations for a declared spec.
/// The engine turns the ranges into byte offsets (``Fix``).
public struct ProposedFix: Hashable, Sendable {
    /// One range of a source and its new text; an insertion is a range that ends where it
    /// starts, or a place with no end (``TypeDecl/memberSlot``).
    public struct Replacement: Hashable, Sendable {
        public var range: SourceLocation
        public var text: String

        public init(_ range: SourceLocation, with text: String) {
            self.range = range
            self.text = text
        }
    }

    public var kind: FixKind
    public var summary: String
    public var replacements: [Replacement]
    public var patch: [JSONPatchOperation]

    public init(kind: FixKind = .fix, summary: String, replacements: [Replacement] = [], patch: [JSONPatchOperation] = []) {
        self.kind = kind
        self.summary = summary
        self.replacements = replacements
        self.patch = patch
    }

    /// The fix for a feature of `origin`: its replacements for Swift, its patch for a declared
    /// spec; `nil` when it has nothing for that origin.
    func placed(for origin: SpecOrigin, in sources: [String: String]) -> Fix? {
        switch origin {
        case .declared:
            return patch.isEmpty ? nil : Fix(kind: kind, summary: summary, patch: patch)
        case .swiftSource:
            guard !replacements.isEmpty else { return nil }
            var edits: [TextEdit] = []
            for replacement in replacements {
                guard let source = sources[replacement.range.file], let offsets = LineOffsets(source),
                    let edit = offsets.edit(replacing: replacement.range, with: replacement.text)
                else { return nil }
                edits.append(edit)
            }
            return Fix(kind: kind, summary: summary, edits: edits)
        }
    }
}

/// The UTF-8 offset of each line's start in one source, to turn a range's lines and columns
/// into byte offsets (the engine placing fixes) and back (an editor's positions of a fix's
/// edits). Lines end at `\n`; a source with a carriage return gets none, as SwiftSyntax may
/// count a CR and an LF apart there, and a fix placed a line off would be worse than none.
public struct LineOffsets: Sendable {
    private let starts: [Int]
    private let count: Int

    public init?(_ source: String) {
        var starts = [0]
        var count = 0
        for byte in source.utf8 {
            count += 1
            if byte == UInt8(ascii: "\r") { return nil }
            if byte == UInt8(ascii: "\n") { starts.append(count) }
        }
        self.starts = starts
        self.count = count
    }

    /// The 0-based offset of 1-based `line` and UTF-8 `column`, when both are in the source.
    public func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= starts.count, column >= 1 else { return nil }
        let offset = starts[line - 1] + column - 1
        let lineEnd = line < starts.count ? starts[line] : count
        return offset <= lineEnd ? offset : nil
    }

    /// The 1-based line and UTF-8 column of a 0-based offset (one past the end: the end).
    public func position(of offset: Int) -> (line: Int, column: Int) {
        let index = max(0, (starts.lastIndex { $0 <= offset } ?? 0))
        return (index + 1, offset - starts[index] + 1)
    }

    /// The edit replacing `range` with `text`.
    func edit(replacing range: SourceLocation, with text: String) -> TextEdit? {
        guard let line = range.line, let column = range.column, let start = offset(line: line, column: column),
            let end = offset(line: range.endLine ?? line, column: range.endColumn ?? column), end >= start
        else { return nil }
        return TextEdit(file: range.file, byteOffset: start, byteLength: end - start, replacement: text)
    }
}
