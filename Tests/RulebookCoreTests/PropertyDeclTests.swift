import Foundation
@testable import RulebookCore
import Testing

/// `PropertyDecl` keeps its fields in a shared box: it still compares, hashes and encodes
/// by its fields, and works out its base type once.
struct PropertyDeclTests {
    let location = SourceLocation(file: "Login.swift", line: 3, column: 9)

    @Test func baseTypeIsTheWrittenTypesBase() {
        #expect(PropertyDecl(name: "items", type: "[Item]?", location: location).baseType == "Item")
        #expect(PropertyDecl(name: "color", type: "SwiftUI.Color", location: location).baseType == "SwiftUI.Color")
        #expect(PropertyDecl(name: "unknown", type: nil, location: location).baseType == nil)
    }

    @Test func equalityAndHashFollowTheFieldsNotTheBox() {
        let one = PropertyDecl(name: "count", type: "Int", wrappers: ["Presents"], location: location)
        let same = PropertyDecl(name: "count", type: "Int", wrappers: ["Presents"], location: location)
        let other = PropertyDecl(name: "count", type: "Int", wrappers: [], location: location)
        #expect(one == same)
        #expect(one.hashValue == same.hashValue)
        #expect(one != other)
        #expect(Set([one, same, other]).count == 2)
    }

    @Test func encodesItsFieldsAsAPlainStruct() throws {
        let property = PropertyDecl(
            name: "mainQueue", type: "AnySchedulerOf<DispatchQueue>", isStatic: true, location: location, dependencyKey: "queue",
            mainSchedulerUses: [location])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try #require(String(data: try encoder.encode(property), encoding: .utf8))
        #expect(json.hasPrefix(#"{"dependencyKey":"queue","isComputed":false,"isConstant":false,"isStatic":true,"location":"#))
        #expect(!json.contains("baseType") && !json.contains("box"))
        let decoded = try JSONDecoder().decode(PropertyDecl.self, from: Data(json.utf8))
        #expect(decoded == property)
        #expect(decoded.baseType == "AnySchedulerOf")
    }
}
