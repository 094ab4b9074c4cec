/// Inline suppression comments in a Swift file:
/// `// rulebook:disable:next id[, id]`, `// rulebook:disable:this id`,
/// `// rulebook:disable id` … `// rulebook:enable id`, with `all` for every rule.
public struct Suppressions: Sendable {
    /// A rule id (or `all`) suppressed on lines `from...to`.
    private struct Region: Sendable {
        var id: String
        var lines: ClosedRange<Int>
    }

    /// A rule id named in a suppression comment, with where it is.
    public struct NamedId: Sendable, Hashable {
        public var id: String
        public var line: Int
        /// Where the comment's directive starts (its verb, `disable:next`).
        public var column: Int
        /// Just after the directive's last id: the directive is the finding's range when an
        /// id is unknown.
        public var endColumn: Int
    }

    private var regions: [Region] = []
    /// Every id named in a comment (to report unknown ones).
    public private(set) var named: [NamedId] = []

    /// Parses the comments of `source`.
    public init(source: String) {
        // The byte search rules out almost every file cheaply; the Unicode-aware one decides.
        guard ByteSearch.contains(source, "rulebook:"), source.contains("rulebook:") else { return }
        var open: [String: Int] = [:]
        var lineNumber = 0
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            guard let marker = line.range(of: "rulebook:"), let comment = line.range(of: "//"),
                comment.lowerBound < marker.lowerBound
            else { continue }
            let words = line[marker.upperBound...].split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let verb = words.first, ["disable:next", "disable:this", "disable", "enable"].contains(verb) else { continue }
            let column = line[..<marker.upperBound].utf8.count + 1
            let endColumn = line[..<(words.last ?? verb).endIndex].utf8.count + 1
            let ids = words.dropFirst().joined(separator: " ")
                .split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            named += ids.map { NamedId(id: $0, line: lineNumber, column: column, endColumn: endColumn) }
            switch verb {
            case "disable:next": regions += ids.map { Region(id: $0, lines: (lineNumber + 1)...(lineNumber + 1)) }
            case "disable:this": regions += ids.map { Region(id: $0, lines: lineNumber...lineNumber) }
            case "disable": for id in ids where open[id] == nil { open[id] = lineNumber }
            default:
                for id in ids {
                    if let start = open.removeValue(forKey: id) { regions.append(Region(id: id, lines: start...lineNumber)) }
                }
            }
        }
        regions += open.map { Region(id: $0.key, lines: $0.value...Int.max) }
    }

    /// Whether a finding of `ruleId` on `line` is suppressed.
    public func suppresses(ruleId: String, line: Int) -> Bool {
        regions.contains { ($0.id == ruleId || $0.id == "all") && $0.lines.contains(line) }
    }
}
