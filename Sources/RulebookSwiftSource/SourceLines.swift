import SwiftSyntax

/// The line and column of byte offsets in one file, exactly as SwiftSyntax's
/// `SourceLocationConverter` gives them (physical lines, 1-based UTF-8 columns), from the
/// offsets where lines end, found by one byte scan instead of a walk of the tree.
///
/// A file with a carriage return keeps the converter: it finds line breaks piece by piece
/// (token text, trivia pieces), so a CR and an LF in two different pieces count as two
/// breaks, which a byte scan cannot tell from CR LF.
struct SourceLines {
    private enum Table {
        /// Offsets just after each `\n`, and the file's length.
        case lineEnds([Int], endOfFile: Int)
        case converter(SourceLocationConverter)
    }

    private let table: Table

    init(contents: String, tree: SourceFileSyntax) {
        var lineEnds: [Int] = []
        var hasCarriageReturn = false
        let count = contents.utf8.count
        let scanned: Void? = contents.utf8.withContiguousStorageIfAvailable { bytes in
            for index in bytes.indices {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") {
                    lineEnds.append(index + 1)
                } else if byte == UInt8(ascii: "\r") {
                    hasCarriageReturn = true
                    break
                }
            }
        }
        if scanned == nil || hasCarriageReturn {
            table = .converter(SourceLocationConverter(fileName: "", tree: tree))
        } else {
            table = .lineEnds(lineEnds, endOfFile: count)
        }
    }

    /// The 1-based lines and UTF-8 columns of `start` and of `end` (not before `start`),
    /// clamped to the file. `end` is nearly always on `start`'s line (a name, a label, a
    /// short call): that line's end is compared first, before any search.
    func range(from start: Int, to end: Int) -> (start: (line: Int, column: Int), end: (line: Int, column: Int)) {
        let first = lineAndColumn(at: start)
        guard case .lineEnds(let lineEnds, let endOfFile) = table else { return (first, lineAndColumn(at: end)) }
        let start = max(0, min(start, endOfFile))
        let end = max(start, min(end, endOfFile))
        // `lineEnds[first.line - 1]` is where the next line starts.
        if first.line > lineEnds.count || end < lineEnds[first.line - 1] {
            return (first, (first.line, first.column + end - start))
        }
        return (first, lineAndColumn(at: end))
    }

    /// The 1-based line and UTF-8 column of `offset`, clamped to the file.
    func lineAndColumn(at offset: Int) -> (line: Int, column: Int) {
        switch table {
        case .converter(let converter):
            let location = converter.location(for: AbsolutePosition(utf8Offset: offset))
            return (location.line, location.column)
        case .lineEnds(let lineEnds, let endOfFile):
            let offset = max(0, min(offset, endOfFile))
            // The first line end after `offset` is the end of its line.
            var low = 0
            var high = lineEnds.count
            while low < high {
                let middle = (low + high) / 2
                if lineEnds[middle] <= offset { low = middle + 1 } else { high = middle }
            }
            return (low + 1, offset - (low == 0 ? 0 : lineEnds[low - 1]) + 1)
        }
    }
}
