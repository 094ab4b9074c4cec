/// Which fixes of a check can be applied together: the fixes (not suggestions) of the given
/// findings, taken in order, each whole or not at all, leaving out one whose edits overlap an
/// edit already taken (it is left for the next pass, over the text the first ones produce).
public struct FixSelection: Sendable {
    /// The findings whose fixes were taken, in order.
    public private(set) var fixed: [Finding] = []
    /// The findings with a fix that overlaps one taken: applied on a later pass.
    public private(set) var deferred: [Finding] = []
    /// The edits taken, by file, in no particular order.
    public private(set) var edits: [String: [TextEdit]] = [:]

    /// The fixes of `findings` of the kinds `kinds` (``FixKind/fix`` alone for `--fix`),
    /// except those in files `excluded` (a file that did not parse, or changed since it was read).
    public init(_ findings: [Finding], kinds: Set<FixKind> = [.fix], excluding excluded: Set<String> = []) {
        for finding in findings {
            guard let fix = finding.fix, kinds.contains(fix.kind), !fix.edits.isEmpty,
                fix.edits.allSatisfy({ !excluded.contains($0.file) })
            else { continue }
            if fix.edits.contains(where: overlapsTaken) {
                deferred.append(finding)
                continue
            }
            for edit in fix.edits { edits[edit.file, default: []].append(edit) }
            fixed.append(finding)
        }
    }

    /// Two edits overlap when their ranges share a byte, or both insert at one place (their
    /// order would be a guess); an insertion at either end of a replacement does not.
    private func overlapsTaken(_ edit: TextEdit) -> Bool {
        (edits[edit.file] ?? []).contains { taken in
            let start = edit.byteOffset, end = edit.byteOffset + edit.byteLength
            let takenStart = taken.byteOffset, takenEnd = taken.byteOffset + taken.byteLength
            if start == end && takenStart == takenEnd { return start == takenStart }
            return start < takenEnd && takenStart < end
        }
    }
}

extension TextEdit {
    /// `source` with `edits` (all of one file, none overlapping) applied; `nil` when one
    /// reaches past the end of `source` or splits a UTF-8 character.
    public static func apply(_ edits: [TextEdit], to source: String) -> String? {
        var bytes = Array(source.utf8)
        for edit in edits.sorted(by: { $0.byteOffset > $1.byteOffset }) {
            let end = edit.byteOffset + edit.byteLength
            guard edit.byteOffset >= 0, edit.byteLength >= 0, end <= bytes.count,
                isBoundary(edit.byteOffset, in: bytes), isBoundary(end, in: bytes)
            else { return nil }
            bytes.replaceSubrange(edit.byteOffset..<end, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `offset` starts a UTF-8 character (or is the end): not a continuation byte.
    private static func isBoundary(_ offset: Int, in bytes: [UInt8]) -> Bool {
        offset == bytes.count || bytes[offset] & 0xC0 != 0x80
    }
}
