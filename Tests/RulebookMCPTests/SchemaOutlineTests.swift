import MCP
import Testing

@testable import RulebookMCP

struct SchemaOutlineTests {
    static let definitions: [String: Value] = [
        "mode": ["type": "string", "enum": ["fast", "slow"]],
        "item": ["type": "object", "properties": ["name": ["type": "string"]]],
    ]

    @Test func membersKeepTheirTypesValuesAndItemTypesButNotTheirOwnMembers() {
        let schema: [String: Value] = [
            "type": "object", "required": ["name"], "additionalProperties": false,
            "properties": [
                "name": ["description": "Documented.", "type": "string", "examples": ["a"]],
                "mode": ["oneOf": [["$ref": "#/$defs/mode"], ["type": "null"]]],
                "items": ["type": ["array", "null"], "items": ["$ref": "#/$defs/item"]],
                "item": ["$ref": "#/$defs/item"],
                "anything": ["description": "No type said."],
                "either": ["anyOf": [["type": "string"], ["type": "integer"]]],
            ],
        ]
        let outline = SchemaOutline.outline(of: schema, definitions: Self.definitions, description: "See the resource.")
        let expected: Value = [
            "type": "object", "description": "See the resource.", "required": ["name"], "additionalProperties": false,
            "properties": [
                "name": ["type": "string"],
                "mode": ["type": ["string", "null"], "enum": ["fast", "slow", .null]],
                "items": ["type": ["array", "null"], "items": ["type": "object"]],
                "item": ["type": "object"],
                "anything": [:],
                "either": ["type": ["string", "integer"]],
            ],
        ]
        #expect(outline == expected)
    }

    @Test func aReferenceThatDoesNotResolveIsAnything() {
        #expect(SchemaOutline.shape(of: ["$ref": "#/$defs/missing"], definitions: [:]) == [:])
    }

    /// Every member of the check tools' answer that not every check answers is in the outline
    /// of a tool that answers it, so none is refused by a client validating against outlines.
    @Test func everyCheckAnswerMemberIsInSomeToolsOutline() throws {
        let whole = try #require(ToolSchemas.checkOutput.objectValue?["properties"]?.objectValue)
        let outlined = ToolCatalogue.tools.compactMap { $0.outputSchema?.objectValue?["properties"]?.objectValue }
            .filter { $0["findings"] != nil }
        #expect(outlined.count == 4)
        #expect(Set(outlined.flatMap(\.keys)) == Set(whole.keys))
    }
}
