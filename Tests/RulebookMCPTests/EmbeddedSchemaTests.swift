import Foundation
import MCP
import Testing

@testable import RulebookMCP

/// The schemas the server embeds are the repository's: `scripts/embed-schemas` writes them.
struct EmbeddedSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theDeclaredSpecSchemaIsTheRepositorys() throws {
        let file = try String(contentsOf: Self.root.appendingPathComponent("schemas/declared-spec.schema.json"), encoding: .utf8)
        #expect(EmbeddedSchemas.declaredSpec + "\n" == file, "stale: run scripts/embed-schemas")
        #expect(!ToolSchemas.declaredSpecDocument.isEmpty, "it parses")
    }

    /// check_declared_spec's `spec` is the schema's outline: every member, typed, closed.
    @Test func theSpecInputIsTheSchemasOutline() throws {
        let tool = try #require(ToolCatalogue.tools.first { $0.name == ToolCatalogue.checkDeclaredSpec })
        let spec = try #require(tool.inputSchema.objectValue?["properties"]?.objectValue?["spec"]?.objectValue)
        let document = ToolSchemas.declaredSpecDocument
        #expect(spec["properties"]?.objectValue?.keys.sorted() == document["properties"]?.objectValue?.keys.sorted())
        #expect(spec["required"] == document["required"] && spec["additionalProperties"] == false)
        #expect(spec["properties"]?.objectValue?["types"] == ["type": ["array", "null"], "items": ["type": "object"]])
        #expect(spec["description"]?.stringValue?.contains(RuleResources.declaredSpecSchemaURI) == true)
    }
}
