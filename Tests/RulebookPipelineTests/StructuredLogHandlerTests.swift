import Foundation
import Logging
import RulebookPipeline
import Testing

struct StructuredLogHandlerTests {
    let time = "2026-11-21T20:57:36.123Z"

    @Test func logfmtQuotesOnlyWhatNeedsIt() {
        let line = StructuredLogHandler.line(
            format: .logfmt, time: time, level: .warning, logger: "rulebook.validator", message: "rejected message",
            metadata: ["spec": "s-1", "run": "r-1", "reason": #"bad "x" = 1\n"#, "empty": ""])
        #expect(
            line
                == #"time=2026-11-21T20:57:36.123Z level=warning logger=rulebook.validator msg="rejected message" empty="" reason="bad \"x\" = 1\\n" run=r-1 spec=s-1"#
        )
    }

    @Test func logfmtEscapesControlCharacters() {
        let line = StructuredLogHandler.line(
            format: .logfmt, time: time, level: .info, logger: "l", message: "two\nlines\u{7}", metadata: [:])
        #expect(line.hasSuffix(#"msg="two\nlines\u0007""#))
        #expect(!line.contains("\n"))
    }

    @Test func textIsSwiftLogsLayoutWithTextFromOutsideEscaped() {
        let line = StructuredLogHandler.line(
            format: .text, time: time, level: .warning, logger: "rulebook.validator",
            message: "rejected\n2026-11-21T20:57:37Z info fake : line",
            metadata: ["spec": "id\u{1B}]0;title\u{7}", "code": "RB104"])
        #expect(line == #"2026-11-21T20:57:36.123Z warning rulebook.validator : code=RB104 spec=id\u{1B}]0;title\u{7} rejected\u{A}2026-11-21T20:57:37Z info fake : line"#)
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func jsonIsOneObjectPerLineWithReservedKeysFirst() throws {
        let line = StructuredLogHandler.line(
            format: .json, time: time, level: .error, logger: "rulebook.persister", message: "stored \"x\"",
            metadata: ["run": "r-1", "spec": "s/1", "msg": "clash", "list": .array(["a", .dictionary(["k": "v"])])])
        #expect(line.hasPrefix(#"{"time":"2026-11-21T20:57:36.123Z","level":"error","logger":"rulebook.persister","msg":"stored \"x\"""#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["run"] as? String == "r-1")
        #expect(object["spec"] as? String == "s/1")
        #expect(object["msg"] as? String == "stored \"x\"")
        #expect(object["meta_msg"] as? String == "clash")
        #expect((object["list"] as? [Any])?.count == 2)
    }
}
