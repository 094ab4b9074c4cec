import Foundation
import MCP
import Testing

@testable import RulebookMCP

struct FindingSchemaTests {
    /// FindingSchema.document is a copy of schemas/finding.schema.json (paste the file to update it).
    @Test func theCopyIsTheSchemaFile() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("schemas/finding.schema.json")
        #expect(try PlainValue.decode(Data(contentsOf: file)) == PlainValue.decode(Data(FindingSchema.document.utf8)))
    }

    @Test func everyReferenceOfAnOutputSchemaResolvesInsideIt() {
        for tool in ToolCatalogue.tools {
            guard case .object(let schema)? = tool.outputSchema else {
                Issue.record("\(tool.name) has no output schema")
                continue
            }
            let definitions = schema["$defs"]?.objectValue ?? [:]
            for reference in Self.references(in: .object(schema)) {
                #expect(reference.hasPrefix("#/$defs/") && definitions[String(reference.dropFirst(8))] != nil, "\(tool.name): \(reference)")
            }
            #expect(schema["type"] == "object" && tool.inputSchema.objectValue?["type"] == "object")
        }
    }

    private static func references(in value: Value) -> [String] {
        switch value {
        case .object(let members): members.flatMap { key, member in key == "$ref" ? [member.stringValue ?? ""] : references(in: member) }
        case .array(let items): items.flatMap(references(in:))
        default: []
        }
    }
}

struct RequestLedgerTests {
    @Test func aRequestIsPendingUntilAnsweredOrCancelled() {
        let ledger = RequestLedger()
        ledger.received(Data(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}"#.utf8))
        ledger.received(Data(#"{"jsonrpc":"2.0","id":"b","method":"ping"}"#.utf8))
        ledger.received(Data(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8))
        ledger.received(Data("not json".utf8))
        #expect(!ledger.isEmpty)
        ledger.sent(Data(#"{"id":1,"jsonrpc":"2.0","result":{}}"#.utf8))
        ledger.sent(Data(#"{"jsonrpc":"2.0","method":"notifications/message","params":{}}"#.utf8))
        #expect(!ledger.isEmpty)
        ledger.received(Data(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"b"}}"#.utf8))
        #expect(ledger.isEmpty)
    }
}

struct LineReaderTests {
    @Test func linesInOrderBlankOnesSkippedAndOneTooLongReportedNotDelivered() throws {
        let pipe = Pipe()
        let input = "{\"a\":1}\n\n  \r\n" + String(repeating: "x", count: 100) + "\n{\"b\":2}\r\n{\"c\":3}"
        try pipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try pipe.fileHandleForWriting.close()
        var lines: [String] = []
        LineReader(descriptor: pipe.fileHandleForReading.fileDescriptor, limit: 50).run { line in
            switch line {
            case .message(let data): lines.append(String(decoding: data, as: UTF8.self))
            case .tooLong(let bytes): lines.append("too long: \(bytes)")
            }
        }
        // A last line without its newline is not a message: stdin closed in the middle of it.
        #expect(lines == [#"{"a":1}"#, "too long: 100", "{\"b\":2}\r"])
    }
}
