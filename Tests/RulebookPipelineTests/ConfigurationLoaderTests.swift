import Foundation
import RulebookCore
@testable import RulebookPipeline
import Testing

struct ConfigurationLoaderTests {
    /// Nine anchors, each a list of nine aliases of the one before: nine to the ninth values.
    static let aliasBomb = (1...8).reduce(#"a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]"# + "\n") { yaml, level in
        yaml + "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ",") + "]\n"
    }

    private func load(_ yaml: String) throws(RulebookError) -> ConfigurationDocument {
        try load(bytes: Data(yaml.utf8))
    }

    private func load(bytes: Data) throws(RulebookError) -> ConfigurationDocument {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rulebook-config-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(".rulebook.yml").path
        FileManager.default.createFile(atPath: path, contents: bytes)
        return try ConfigurationLoader.load(path: path)
    }

    @Test func expansionCountsEveryAliasAsTheNodesItRepeats() {
        // The mapping, two keys, a scalar, a list of two.
        #expect(YAMLExpansion.nodeCount(of: "a: 1\nb: [1, 2]\n", limit: 100) == 7)
        // The mapping, three keys, and the anchored list (itself and two items) three times.
        #expect(YAMLExpansion.nodeCount(of: "a: &x [1, 2]\nb: *x\nc: *x\n", limit: 100) == 1 + 3 + 3 * 3)
        #expect(YAMLExpansion.nodeCount(of: "a: &x [1, 2]\nb: *x\nc: *x\n", limit: 12) == nil)
        #expect(YAMLExpansion.nodeCount(of: Self.aliasBomb, limit: 1_000_000) == nil)
    }

    @Test func anAliasBombIsRefusedBeforeAnyValueIsBuilt() throws {
        let started = ContinuousClock.now
        #expect(refusal(Self.aliasBomb)?.message.contains("aliases") == true)
        // A mapping key that is an alias is hashed whole by the YAML library: counted first too.
        #expect(refusal(Self.aliasBomb + "z: {? *a8 : 1}\n")?.code == "RB401")
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func aliasesWithinTheLimitStillLoad() throws {
        let yaml = """
            excluded: &generated ["Generated/**"]
            state-ui-type:
              severity: error
            """
        #expect(try load(yaml).excluded == ["Generated/**"])
    }

    @Test func oversizedAndNonUTF8ConfigurationsAreRefused() {
        let big = "excluded:\n" + String(repeating: "  - \"Generated/**\"\n", count: ConfigurationLoader.maximumFileSize / 10)
        #expect(refusal(big)?.message.contains("larger than") == true)
        #expect(refusal(bytes: Data([0x65, 0x78, 0xFF, 0xFE, 0x3A]))?.message.contains("not UTF-8") == true)
    }

    private func refusal(_ yaml: String) -> RulebookError? {
        refusal(bytes: Data(yaml.utf8))
    }

    /// The RB401 error loading `bytes` throws, or `nil` when it throws none (or another).
    private func refusal(bytes: Data) -> RulebookError? {
        do {
            _ = try load(bytes: bytes)
            return nil
        } catch {
            return error.code == "RB401" ? error : nil
        }
    }
}
