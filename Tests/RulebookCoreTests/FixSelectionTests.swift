import RulebookCore
import Testing

/// Which fixes apply together, and how edits change a text.
struct FixSelectionTests {
    static func finding(_ rule: String, _ edits: [TextEdit], kind: FixKind = .fix) -> Finding {
        Finding(
            ruleId: rule, severity: .error, message: "m", location: SourceLocation(file: "A.swift", line: 1, column: 1),
            fingerprint: "f", fix: Fix(kind: kind, summary: "s", edits: edits))
    }

    static func edit(_ offset: Int, _ length: Int, _ text: String, file: String = "A.swift") -> TextEdit {
        TextEdit(file: file, byteOffset: offset, byteLength: length, replacement: text)
    }

    @Test func fixesThatOverlapWaitForTheNextPassAndSuggestionsAreLeftOut() {
        let findings = [
            Self.finding("a", [Self.edit(0, 3, "x")]),
            Self.finding("b", [Self.edit(2, 2, "y")]),  // shares byte 2 with `a`
            Self.finding("c", [Self.edit(3, 0, "z")]),  // an insertion at the end of `a`'s range
            Self.finding("d", [Self.edit(9, 1, "w")], kind: .suggestion),
            Self.finding("e", [Self.edit(3, 0, "q")]),  // a second insertion at one place: its order would be a guess
            Self.finding("f", [Self.edit(1, 1, "p", file: "B.swift")]),
        ]
        let selection = FixSelection(findings)
        #expect(selection.fixed.map(\.ruleId) == ["a", "c", "f"])
        #expect(selection.deferred.map(\.ruleId) == ["b", "e"])
        #expect(FixSelection(findings, kinds: [.suggestion]).fixed.map(\.ruleId) == ["d"])
        #expect(FixSelection(findings, excluding: ["A.swift"]).fixed.map(\.ruleId) == ["f"])
    }

    @Test func editsApplyFromTheLastOffsetAndRefuseToSplitACharacter() {
        // "é" is two UTF-8 bytes: offsets count bytes.
        let text = "let é = 1\n"
        #expect(TextEdit.apply([Self.edit(4, 2, "name"), Self.edit(0, 3, "var")], to: text) == "var name = 1\n")
        #expect(TextEdit.apply([Self.edit(11, 0, "// end\n")], to: text) == "let é = 1\n// end\n")
        #expect(TextEdit.apply([Self.edit(5, 1, "e")], to: text) == nil)
        #expect(TextEdit.apply([Self.edit(10, 2, "")], to: text) == nil)
    }

    @Test func aSourceWithACarriageReturnGetsNoFix() {
        let engine = RuleEngine(rules: [StateMustBeEquatableRule()])
        let state = TypeDecl(
            name: "LoginState", kind: .struct, location: SourceLocation(file: "LoginState.swift", line: 1, column: 8, endLine: 1, endColumn: 18),
            conformanceSlot: ConformanceSlot(
                location: SourceLocation(file: "LoginState.swift", line: 1, column: 18, endLine: 1, endColumn: 18), followsClause: false))
        func model(_ source: String) -> FeatureModel {
            FeatureModel(name: "Login", origin: .swiftSource, dialect: .legacy, states: [state], types: [state], sources: ["LoginState.swift": source])
        }
        let lf = engine.findings(for: model("struct LoginState {\n}\n"))
        #expect(lf.first?.fix?.edits == [TextEdit(file: "LoginState.swift", byteOffset: 17, byteLength: 0, replacement: ": Equatable")])
        let crlf = engine.findings(for: model("struct LoginState {\r\n}\r\n"))
        #expect(crlf.count == 1 && crlf.first?.fix == nil)
    }
}
