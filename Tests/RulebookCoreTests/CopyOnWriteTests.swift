import Foundation
@testable import RulebookCore
import Testing

/// `TypeDecl` and `DeclaredSpec` keep their fields in a copy-on-write box: they still behave as
/// values (a change never shows in a copy), and compare, hash and encode by their fields.
struct CopyOnWriteTests {
    let location = SourceLocation(file: "Login.swift", line: 1, column: 8)

    @Test func aChangeNeverShowsInACopy() {
        var state = TypeDecl(name: "State", kind: .struct, conformances: ["Equatable"], location: location)
        let copy = state
        state.conformances += ["Sendable"]
        state.name = "LoginState"
        #expect(copy.conformances == ["Equatable"] && copy.name == "State")
        #expect(state.conformances == ["Equatable", "Sendable"] && state.name == "LoginState")
        #expect(state.qualifiedName == "State")

        var spec = DeclaredSpec(feature: "Login")
        let specCopy = spec
        spec.dialect = .legacy
        #expect(specCopy.dialect == nil && spec.dialect == .legacy)
    }

    @Test func equalityAndHashFollowTheFields() {
        let one = TypeDecl(name: "Action", kind: .enum, location: location)
        var other = one
        other.kind = .struct
        let same = TypeDecl(name: "Action", kind: .enum, location: location)
        #expect(one == same && one.hashValue == same.hashValue)
        #expect(one != other)
        #expect(Set([one, same, other]).count == 2)
        #expect(DeclaredSpec(feature: "A") == DeclaredSpec(feature: "A") && DeclaredSpec(feature: "A") != DeclaredSpec(feature: "B"))
    }

    @Test func encodesItsFieldsAsAPlainStruct() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let type = TypeDecl(name: "State", kind: .struct, accessLevel: "public", location: location)
        let json = try #require(String(data: try encoder.encode(type), encoding: .utf8))
        #expect(json.hasPrefix(#"{"accessLevel":"public","attributes":[],"cases":[],"conformances":[],"kind":"struct","location":"#))
        #expect(!json.contains("storage") && !json.contains("box"))
        #expect(try JSONDecoder().decode(TypeDecl.self, from: Data(json.utf8)) == type)

        let spec = DeclaredSpec(feature: "Login", dialect: .modern)
        #expect(String(data: try encoder.encode(spec), encoding: .utf8) == #"{"dialect":"modern","feature":"Login"}"#)
        #expect(try JSONDecoder().decode(DeclaredSpec.self, from: Data(#"{"feature":"Login","dialect":"modern"}"#.utf8)) == spec)
    }
}
