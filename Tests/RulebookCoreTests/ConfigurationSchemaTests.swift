import Foundation
import Testing

@testable import RulebookCore

struct ConfigurationSchemaTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("schemas/config.schema.json")

    /// The committed schema is what the parser and the rules' options say (compared as JSON:
    /// Foundation's pretty printing is not the same on every platform).
    @Test func theCommittedSchemaIsCurrent() throws {
        let committed = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.file)) as? NSDictionary
        let current = try JSONSerialization.jsonObject(with: Data(ConfigurationSchema.text.utf8)) as? NSDictionary
        #expect(current != nil && committed == current, "schemas/config.schema.json is stale: run `rulebook rules --format config-schema > schemas/config.schema.json`")
    }

    /// Its top-level keys are the parser's, and every rule id with exactly its options.
    @Test func itNamesWhatTheParserTakes() throws {
        let properties = try #require(ConfigurationSchema.document["properties"] as? [String: Any])
        let ids = RuleCatalogue.entries.map(\.id)
        #expect(Set(properties.keys).subtracting(ids) == ConfigurationDocument.topLevelKeys)
        let definitions = try #require(ConfigurationSchema.document["$defs"] as? [String: Any])
        for entry in RuleCatalogue.entries {
            let settings = try #require(definitions["rule-\(entry.id)"] as? [String: Any])
            let keys = (settings["properties"] as? [String: Any])?.keys.sorted()
            #expect(keys == (["severity"] + entry.options.map(\.key)).sorted(), "\(entry.id)")
        }
    }
}
