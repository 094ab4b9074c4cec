import Foundation

/// Converts Rulebook's columns (1-based UTF-8 byte offsets in the line, as SwiftSyntax
/// counts them) to the UTF-16 code unit columns SARIF's default `columnKind` declares, by
/// reading each file once. A file that cannot be read, or a column past its line, keeps
/// the byte column: the two agree whenever the line is ASCII up to the column.
struct UTF16Columns {
    /// Folder that relative paths start from; the working directory when `nil`.
    let sourceRoot: String?
    private var lines: [String: [ArraySlice<UInt8>]?] = [:]

    init(sourceRoot: String?) {
        self.sourceRoot = sourceRoot
    }

    /// The UTF-16 column of byte column `column` on 1-based `line` of `file`.
    mutating func column(_ column: Int, line: Int, file: String) -> Int {
        guard column > 1, line >= 1, let fileLines = lines(of: file), line <= fileLines.count else { return column }
        let text = fileLines[line - 1]
        guard column - 1 <= text.count else { return column }
        let prefix = text.prefix(column - 1)
        guard prefix.contains(where: { $0 >= 0x80 }) else { return column }
        return String(decoding: prefix, as: UTF8.self).utf16.count + 1
    }

    private mutating func lines(of file: String) -> [ArraySlice<UInt8>]? {
        if let cached = lines[file] { return cached }
        let path = file.hasPrefix("/") ? file : sourceRoot.map { $0 + "/" + file } ?? file
        let split = FileManager.default.contents(atPath: path).map { data in
            Array(data).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        }
        lines[file] = split
        return split
    }
}
