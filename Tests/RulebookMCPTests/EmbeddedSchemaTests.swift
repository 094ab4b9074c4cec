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

    /// check_declared_spec's `spec` is the schema, its `$defs` at the input's root where the
    /// `#/$defs/…` references point.
    @Test func theSpecInputIsTheSchemaWithItsDefinitionsAtTheRoot() throws {
        let tool = try #require(ToolCatalogue.tools.first { $0.name == ToolCatalogue.checkDeclaredSpec })
        let input = try #require(tool.inputSchema.objectValue)
        let definitions = try #require(input["$defs"]?.objectValue)
        #expect(definitions.keys.contains("projectContext") && definitions.keys.contains("reducer"))
        let spec = try #require(input["properties"]?.objectValue?["spec"]?.objectValue)
        #expect(spec["$defs"] == nil && spec["properties"]?.objectValue?["feature"] != nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let text = String(decoding: try encoder.encode(tool.inputSchema), as: UTF8.self)
        let references = text.components(separatedBy: "\"#/$defs/").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(references.count > 10)
        for name in references { #expect(definitions[name] != nil, "unresolved reference \(name)") }
    }
}
