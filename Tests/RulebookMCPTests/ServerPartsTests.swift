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

struct ArgumentStashTests {
    private static func call(id: String, arguments: String) -> Data {
        Data(#"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"check_declared_spec","arguments":\#(arguments),"_meta":{"progressToken":7}}}"#.utf8)
    }

    @Test func aCallsArgumentsAreTicketedOnceAndTheRestOfTheLineKept() throws {
        let stash = ArgumentStash()
        let line = try #require(stash.checkIn(Self.call(id: "3", arguments: #"{"spec":{"feature":"F","types":["a","b"]}}"#)))
        let rewritten = try PlainValue.decode(line)
        let params = try #require(rewritten.objectValue?["params"]?.objectValue)
        #expect(rewritten.objectValue?["id"] == 3 && rewritten.objectValue?["method"] == "tools/call")
        #expect(params["name"] == "check_declared_spec" && params["_meta"] == .object(["progressToken": 7]))
        let ticket = try #require(params["arguments"]?.objectValue)
        #expect(ticket.keys.sorted() == [ArgumentStash.ticketKey])
        let redeemed = stash.redeem(ticket)
        #expect(redeemed.arguments == ["spec": .object(["feature": "F", "types": ["a", "b"]])] && !redeemed.large)
        #expect(stash.redeem(ticket).arguments == ticket, "a ticket is given once")
        #expect(stash.isEmpty)
    }

    @Test func otherMessagesAndArgumentsThatAreNoTicketPassUnchanged() {
        let stash = ArgumentStash()
        #expect(stash.checkIn(Data(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8)) == nil)
        #expect(stash.checkIn(Data(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_rules"}}"#.utf8)) == nil)
        #expect(stash.checkIn(Self.call(id: "1.5", arguments: "{}")) == nil, "an id JSON-RPC does not allow")
        #expect(stash.checkIn(Data("not json".utf8)) == nil)
        let forged: [String: Value] = [ArgumentStash.ticketKey: "1"]
        #expect(stash.redeem(forged).arguments == forged)
        #expect(stash.isEmpty)
    }

    @Test func anAnsweredOrCancelledRequestLeavesNothingHeld() throws {
        let stash = ArgumentStash()
        _ = try #require(stash.checkIn(Self.call(id: #""a""#, arguments: "{}")))
        _ = try #require(stash.checkIn(Self.call(id: "2", arguments: "{}")))
        stash.forget(.string("a"))
        #expect(!stash.isEmpty)
        stash.forget(.number(2))
        #expect(stash.isEmpty)
    }
}
