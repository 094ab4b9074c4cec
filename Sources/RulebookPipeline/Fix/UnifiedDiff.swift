/// The unified diff (`diff -u`, as `git apply` and `patch -p1` read it) between two texts of
/// one file, with three lines of context: what `rulebook check --fix --dry-run` prints and
/// what the MCP server's `fix_swift_source` returns.
public enum UnifiedDiff {
    /// The diff from `old` to `new` of the file reports name `name`; empty when they are equal.
    public static func between(_ old: String, _ new: String, name: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let before = lines(old), after = lines(new)
        let steps = script(from: before, to: after)
        // A relative name as git writes it (`a/`, `b/`: `git apply`, `patch -p1`); an absolute one as is.
        let (from, to) = name.hasPrefix("/") ? (name, name) : ("a/" + name, "b/" + name)
        var text = "--- \(from)\n+++ \(to)\n"
        for hunk in hunks(of: steps, context: context) {
            let shown = steps[hunk]
            let oldStart = shown.first.map { $0.old } ?? 0, newStart = shown.first.map { $0.new } ?? 0
            let oldCount = shown.filter { $0.kind != .insert }.count, newCount = shown.filter { $0.kind != .delete }.count
            text += "@@ -\(oldCount == 0 ? oldStart : oldStart + 1),\(oldCount) +\(newCount == 0 ? newStart : newStart + 1),\(newCount) @@\n"
            for step in shown {
                switch step.kind {
                case .keep: text += " " + before[step.old] + "\n"
                case .delete: text += "-" + before[step.old] + "\n"
                case .insert: text += "+" + after[step.new] + "\n"
                }
            }
        }
        return text
    }

    /// One line of the diff: kept, deleted from the old text or inserted from the new, with
    /// where it is (or would be) in each.
    private struct Step {
        enum Kind { case keep, delete, insert }
        var kind: Kind
        var old: Int
        var new: Int
    }

    /// The lines of a text, without the empty one after a final newline.
    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    /// The steps from `before` to `after`, from the standard library's shortest difference.
    private static func script(from before: [String], to after: [String]) -> [Step] {
        let difference = after.difference(from: before)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var steps: [Step] = []
        var old = 0, new = 0
        while old < before.count || new < after.count {
            if old < before.count, removed.contains(old) {
                steps.append(Step(kind: .delete, old: old, new: new))
                old += 1
            } else if new < after.count, inserted.contains(new) {
                steps.append(Step(kind: .insert, old: old, new: new))
                new += 1
            } else {
                steps.append(Step(kind: .keep, old: old, new: new))
                old += 1
                new += 1
            }
        }
        return steps
    }

    /// The ranges of steps shown: each change with `context` kept lines around it, ranges
    /// that touch merged into one hunk.
    private static func hunks(of steps: [Step], context: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for index in steps.indices where steps[index].kind != .keep {
            let range = max(0, index - context)..<min(steps.count, index + context + 1)
            if let last = ranges.last, last.upperBound >= range.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
        }
        return ranges
    }
}
