import RulebookCore
import RulebookSwiftSource

/// One pass of fixes over the texts a check read: the fixes (not suggestions) of its findings
/// that fit together (``FixSelection``), applied file by file where the fixed text parses.
/// `rulebook check --fix` reads the texts from disk, the MCP server's `fix_swift_source` from
/// the call; both make passes until none is left waiting.
public struct FixPass: Sendable {
    /// The fixed text of each file changed, by the name findings give it.
    public private(set) var texts: [String: String] = [:]
    /// The text each changed file had before.
    public private(set) var originals: [String: String] = [:]
    /// The fixes applied, by rule id.
    public private(set) var fixedByRule: [String: Int] = [:]
    /// Why a file's fixes were left out, by file.
    public private(set) var skipped: [String: String] = [:]
    /// Whether fixes that overlapped others wait for another pass over the new texts.
    public private(set) var leavesFixesWaiting = false

    /// Applies the fixes of `findings` except in `excluded` files; `read` gives a file's text
    /// as the check read it, or why it cannot be fixed.
    public init(_ findings: [Finding], excluding excluded: Set<String> = [], read: (String) -> Result<String, Refusal>) {
        let unparsed = Set(findings.filter { $0.ruleId == RuleEngine.parseErrorRuleId }.map(\.file))
        for file in unparsed where findings.contains(where: { $0.file == file && $0.fix?.kind == .fix }) {
            skipped[file] = "it does not parse cleanly"
        }
        let selection = FixSelection(findings, excluding: excluded.union(unparsed))
        leavesFixesWaiting = !selection.deferred.isEmpty
        for (file, edits) in selection.edits {
            switch read(file) {
            case .failure(let refusal):
                skipped[file] = refusal.reason
            case .success(let text):
                guard let fixed = FixedSource.applying(edits, to: text, path: file) else {
                    skipped[file] = "the fixed text would not parse"
                    continue
                }
                texts[file] = fixed
                originals[file] = text
            }
        }
        for finding in selection.fixed where finding.fix?.edits.allSatisfy({ texts[$0.file] != nil }) == true {
            fixedByRule[finding.ruleId, default: 0] += 1
        }
    }

    /// Why a file's fixes are left out.
    public struct Refusal: Error, Sendable {
        public var reason: String
        public init(_ reason: String) { self.reason = reason }
    }
}
