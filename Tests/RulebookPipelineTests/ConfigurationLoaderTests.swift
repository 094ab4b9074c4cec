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

    @Test(arguments: [
        "[a]: b\n", "? [a, b]\n: c\n", "{a: 1}: x\n", "rules:\n  state-ui-type:\n    [x]: 1\n",
        "excluded:\n  - {[a]: 1}\n", "x: &list [1]\ny:\n  *list : 2\n", "? {a: b}\n: c\n",
    ])
    func aKeyThatIsAListOrMappingIsRefusedNotATrap(yaml: String) {
        // The YAML library force-unwraps such keys as strings: they must be refused first.
        #expect(refusal(yaml)?.message.contains("key that is a list or mapping") == true)
    }

    /// Documents built from random keys and values, nested up to three levels: each loads or is
    /// refused with RB401 (a refusal exactly when some key is not a plain value), never a trap.
    @Test func randomKeysAreLoadedOrRefusedNeverATrap() {
        var generator = SplitMix(seed: 29)
        for _ in 0..<200 {
            var badKey = false
            let yaml = Self.mapping(depth: 0, generator: &generator, badKey: &badKey)
            let refused = refusal(yaml)
            #expect((refused?.message.contains("key that is a list or mapping") == true) == badKey, "\(yaml)")
        }
    }

    @Test func excludedPathsAreTheConfigurationFoldersWhereverTheScanStarts() {
        #expect(PathFilter.relativePath(from: "/repo", to: "/repo") == "")
        #expect(PathFilter.relativePath(from: "/repo", to: "/repo/App/Sub") == "App/Sub/")
        #expect(PathFilter.relativePath(from: "/repo/Config", to: "/repo/App") == "../App/")
        let filter = PathFilter(excluded: ["App/Generated", "**/Mocks/**"], folder: "/repo", root: "/repo/App")
        #expect(filter.excludes("Generated/Model.swift"))
        #expect(filter.excludes("Feature/Mocks/Fake.swift"))
        #expect(!filter.excludes("Feature/CardFeature.swift"))
        #expect(!PathFilter(excluded: ["App/Generated"]).excludes("Generated/Model.swift"))
    }

    @Test func theNearestConfigurationUpToTheRepositoryRootIsFound() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("rulebook-locate-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        for folder in ["outer/repo/.git", "outer/repo/App/Feature"] {
            try FileManager.default.createDirectory(atPath: base + "/" + folder, withIntermediateDirectories: true)
        }
        // Above the repository's root: never read.
        FileManager.default.createFile(atPath: base + "/outer/.rulebook.yml", contents: Data("excluded: [x]\n".utf8))
        #expect(ConfigurationLoader.locate(from: base + "/outer/repo/App/Feature") == nil)
        FileManager.default.createFile(atPath: base + "/outer/repo/.rulebook.yml", contents: Data("excluded: [App/Generated]\n".utf8))
        #expect(ConfigurationLoader.locate(from: base + "/outer/repo/App/Feature") == base + "/outer/repo/.rulebook.yml")
        let document = try ConfigurationLoader.load(path: nil, folder: base + "/outer/repo/App/Feature")
        #expect(document.excluded == ["App/Generated"])
        #expect(document.folder == URL(fileURLWithPath: base + "/outer/repo").resolvingSymlinksInPath().path)
    }

    @Test func aYAMLErrorIsOneLineWithItsPlace() {
        let message = refusal("rules:\n  - a\n b: [\n")?.message ?? ""
        #expect(message.hasSuffix("is not valid YAML: line 3, column 2: did not find expected key (while parsing a block mapping at line 1, column 1)"))
        #expect(!message.contains("\n"))
    }

    @Test func aFIFOOrAFolderNamedLikeTheConfigurationIsRefusedAtOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rulebook-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo.yml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let inFolder = folder.appendingPathComponent("folder.yml").path
        try FileManager.default.createDirectory(atPath: inFolder, withIntermediateDirectories: false)
        #expect(throws: RulebookError.invalidConfiguration("cannot read '\(fifo)': not a regular file (a FIFO, socket or device)")) {
            try ConfigurationLoader.load(path: fifo)
        }
        #expect(throws: RulebookError.invalidConfiguration("cannot read '\(inFolder)': a folder, not a file")) {
            try ConfigurationLoader.load(path: inFolder)
        }
    }

    /// A block mapping of one to three entries; a key is a list or flow mapping about one time in six.
    private static func mapping(depth: Int, generator: inout SplitMix, badKey: inout Bool) -> String {
        let indent = String(repeating: "  ", count: depth)
        return (0..<(1 + Int(generator.next() % 3))).map { index in
            let key: String
            switch generator.next() % 12 {
            case 0: key = "? [k\(index), x]\n\(indent):"; badKey = true
            case 1: key = "? {k\(index): 1}\n\(indent):"; badKey = true
            default: key = "k\(index):"
            }
            let value = depth < 2 && generator.next() % 3 == 0
                ? "\n" + mapping(depth: depth + 1, generator: &generator, badKey: &badKey)
                : " v\(generator.next() % 10)\n"
            return indent + key + value
        }.joined()
    }

    /// A small deterministic generator, so a failure names a document that can be rebuilt.
    private struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
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
