import Foundation
import RulebookCore
import Testing

@testable import RulebookLSP

@Suite struct LSPFrameDecoderTests {
    @Test func messagesSplitAcrossReadsAndJoinedInOneReadComeOutWhole() throws {
        var decoder = LSPFrameDecoder()
        let first = LSPFrameDecoder.frame(Data(#"{"id":1}"#.utf8))
        let second = LSPFrameDecoder.frame(Data(#"{"id":"é"}"#.utf8))
        let stream = first + second
        #expect(try decoder.feed(stream.prefix(10)).isEmpty)
        let rest = try decoder.feed(stream.dropFirst(10))
        #expect(rest.map { String(decoding: $0, as: UTF8.self) } == [#"{"id":1}"#, #"{"id":"é"}"#])
    }

    @Test func headersAreCaseInsensitiveAndContentTypeIsAccepted() throws {
        var decoder = LSPFrameDecoder()
        let body = Data("{}".utf8)
        let message = Data("content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n".utf8) + body
        #expect(try decoder.feed(message) == [body])
    }

    @Test func aStreamThatIsNotLSPFramingIsAnInputError() {
        var decoder = LSPFrameDecoder()
        #expect(throws: RulebookError.self) { try decoder.feed(Data("Content-Length: ten\r\n\r\n".utf8)) }
        var other = LSPFrameDecoder()
        #expect(throws: RulebookError.self) { try other.feed(Data("Content-Type: x\r\n\r\n{}".utf8)) }
        var endless = LSPFrameDecoder()
        #expect(throws: RulebookError.self) { try endless.feed(Data(repeating: UInt8(ascii: "a"), count: LSPFrameDecoder.maximumHeaderBytes + 1)) }
        var huge = LSPFrameDecoder()
        #expect(throws: RulebookError.self) { try huge.feed(Data("Content-Length: \(LSPFrameDecoder.maximumBodyBytes + 1)\r\n\r\n".utf8)) }
    }
}

@Suite struct LSPDiagnosticsTests {
    @Test func utf8ColumnsBecomeUTF16CharactersOfTheEditorsText() {
        // `é` is 2 UTF-8 bytes and 1 UTF-16 unit; `😀` is 4 bytes and 2 units.
        let diagnostics = LSPDiagnostics(text: "let a = 1\nlet é😀 = Date()\n", links: .none)
        // `Date()` starts at byte 13 of line 2 (1-based column 14) and ends before byte 19 (column 20).
        let range = diagnostics.range(line: 2, column: 14, endLine: 2, endColumn: 20)
        #expect(range["start"] as? [String: Int] == ["line": 1, "character": 10])
        #expect(range["end"] as? [String: Int] == ["line": 1, "character": 16])
    }

    @Test func aRangeWithoutAnEndRunsToTheEndOfItsLineAndPositionsStayInTheText() {
        let diagnostics = LSPDiagnostics(text: "import UIKit\n", links: .none)
        let range = diagnostics.range(line: 1, column: 1, endLine: nil, endColumn: nil)
        #expect(range["end"] as? [String: Int] == ["line": 0, "character": 12])
        #expect(diagnostics.position(line: 40, column: 90) == ["line": 1, "character": 0])
    }

    @Test func severitiesMapToLSPs() {
        #expect(Severity.allCases.map(LSPDiagnostics.severity) == [3, 2, 1])
    }
}
