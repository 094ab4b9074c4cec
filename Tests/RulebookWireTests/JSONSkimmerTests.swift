import RulebookCore
@testable import RulebookWire
import Testing

/// The skim keeps plain ASCII text where it lies and decodes the rest: both must read and
/// compare exactly as `String`s would, since the intake and the ack reader decide on them.
struct JSONSkimmerTests {
    static func skim(_ text: String) throws -> SkimmedObject {
        try JSONSkimmer.skim(Array(text.utf8), levels: 2, maxDepth: 64)
    }

    @Test func keepsPlainTextWhereItLiesAndDecodesTheRest() throws {
        let object = try Self.skim(#"{"plain":"ascii text","esc\u0061ped":"a\"b","accented":"é","data":{"inner":"x"}}"#)
        guard case .string(.plain(let range))? = object.value("plain") else {
            Issue.record("plain text was not kept as a range")
            return
        }
        #expect(String(decoding: object.bytes[range], as: UTF8.self) == "ascii text")
        #expect(object.string("escaped") == "a\"b")
        #expect(object.string("accented") == "é")
        guard case .string(.decoded)? = object.value("accented") else {
            Issue.record("non-ASCII text was not decoded")
            return
        }
        #expect(object.hasString("plain", equalTo: "ascii text"))
        #expect(!object.hasString("plain", equalTo: "ascii tex"))
        #expect(object.hasString("escaped", equalTo: "a\"b"))
        #expect(object.object("data")?.string("inner") == "x")
        #expect(object.object("plain") == nil)
        #expect(object.string("missing") == nil)
    }

    /// Keys and values compare as `String`s do: an escaped key names the same member as its
    /// plain spelling, and so does a canonically equivalent one (the Kelvin sign and "K").
    @Test func comparesAsStringsDo() throws {
        let escaped = try Self.skim(#"{"specversion":"1.0","typ\u0065":"dev.rulebook.spec.persist\u0065d"}"#)
        #expect(escaped.hasString("type", equalTo: "dev.rulebook.spec.persisted"))
        let kelvin = try Self.skim(#"{"\u212A":"k"}"#)
        #expect(kelvin.string("K") == "k")
        #expect(try Self.skim(#"{"K":"\u212A"}"#).hasString("K", equalTo: "\u{212A}"))
        #expect(try Self.skim(#"{"K":"K"}"#).hasString("K", equalTo: "\u{212A}"))
    }

    @Test(arguments: [
        #"{"a":1,"a":2}"#,
        #"{"a":1,"\u0061":2}"#,
        #"{"K":1,"\u212A":2}"#,
        #"{"data":{"k":"x","k":"y"}}"#,
    ])
    func rejectsRepeatedKeysHoweverSpelled(text: String) {
        #expect(throws: ScannerDeclined.self) { try Self.skim(text) }
    }

    @Test(arguments: ["{\"a\":\"x\u{01}\"}", #"{"a":"unterminated}"#, #"{"a":"bad \x escape"}"#])
    func rejectsWhatTheStrictReaderRejects(text: String) {
        #expect(throws: ScannerDeclined.self) { try Self.skim(text) }
    }
}
