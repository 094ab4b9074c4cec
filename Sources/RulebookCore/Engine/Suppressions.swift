/// Inline suppression comments in a Swift file, in line (`//`) or block (`/* … */`) comments:
/// `rulebook:disable:next id[, id]`, `rulebook:disable:this id`, `rulebook:disable:previous id`,
/// `rulebook:disable id` … `rulebook:enable id`, with `all` for every rule. As in SwiftLint,
/// text after a ` - ` is the reason (`// rulebook:disable:next state-ui-type - legacy screen`).
public struct Suppressions: Sendable {
    /// A rule id (or `all`) suppressed on lines `from...to`, by the comment at `comment`.
    public struct Region: Sendable {
        public var id: String
        public var lines: ClosedRange<Int>
        public var comment: NamedId
    }

    /// A rule id named in a suppression comment, with where it is.
    public struct NamedId: Sendable, Hashable {
        public var id: String
        public var line: Int
        /// Where the comment's directive starts (its verb, `disable:next`).
        public var column: Int
        /// Just after the directive's last id: the directive is the finding's range when an
        /// id is unknown or the suppression unused.
        public var endColumn: Int
    }

    /// What each comment suppresses, in the order of the comments.
    public private(set) var regions: [Region] = []
    /// Every id named in a comment (to report unknown ones).
    public private(set) var named: [NamedId] = []

    static let verbs = ["disable:next", "disable:this", "disable:previous", "disable", "enable"]

    /// Parses the comments of `source`.
    public init(source: String) {
        // The byte search rules out almost every file cheaply; the Unicode-aware one decides.
        guard ByteSearch.contains(source, "rulebook:"), source.contains("rulebook:") else { return }
        var open: [String: NamedId] = [:]
        var lineNumber = 0
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            guard let directive = Self.directive(in: line, lineNumber: lineNumber) else { continue }
            let (verb, ids) = directive
            named += ids
            for id in ids {
                switch verb {
                case "disable:next": regions.append(Region(id: id.id, lines: (lineNumber + 1)...(lineNumber + 1), comment: id))
                case "disable:this": regions.append(Region(id: id.id, lines: lineNumber...lineNumber, comment: id))
                case "disable:previous": regions.append(Region(id: id.id, lines: max(1, lineNumber - 1)...max(1, lineNumber - 1), comment: id))
                case "disable": if open[id.id] == nil { open[id.id] = id }
                default:
                    if let start = open.removeValue(forKey: id.id) {
                        regions.append(Region(id: id.id, lines: start.line...lineNumber, comment: start))
                    }
                }
            }
        }
        regions += open.values.sorted { $0.line < $1.line }.map { Region(id: $0.id, lines: $0.line...Int.max, comment: $0) }
    }

    /// The verb and the ids of the suppression comment on `line`, if it has one: the marker
    /// must be inside a `//` or `/*` comment; the ids end at the comment's end or at ` - `.
    private static func directive(in line: Substring, lineNumber: Int) -> (verb: String, ids: [NamedId])? {
        guard let marker = line.range(of: "rulebook:") else { return nil }
        let opener = [line.range(of: "//"), line.range(of: "/*")].compactMap { $0 }.min { $0.lowerBound < $1.lowerBound }
        guard let opener, opener.lowerBound < marker.lowerBound else { return nil }
        var rest = line[marker.upperBound...]
        if let close = rest.range(of: "*/") { rest = rest[..<close.lowerBound] }
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let verb = words.first, verbs.contains(String(verb)) else { return nil }
        let idWords = words.dropFirst().prefix { $0 != "-" && $0 != "--" }
        let column = line[..<marker.upperBound].utf8.count + 1
        let endColumn = line[..<(idWords.last ?? verb).endIndex].utf8.count + 1
        let ids = idWords.joined(separator: " ").split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        return (String(verb), ids.map { NamedId(id: $0, line: lineNumber, column: column, endColumn: endColumn) })
    }

    /// The indexes of the regions that suppress a finding of `ruleId` on `line` (empty: none).
    public func regions(suppressing ruleId: String, line: Int) -> [Int] {
        regions.indices.filter { (regions[$0].id == ruleId || regions[$0].id == "all") && regions[$0].lines.contains(line) }
    }

    /// Whether a finding of `ruleId` on `line` is suppressed.
    public func suppresses(ruleId: String, line: Int) -> Bool {
        !regions(suppressing: ruleId, line: line).isEmpty
    }
}
