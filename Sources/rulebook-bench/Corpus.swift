import Foundation
import RulebookCore
import RulebookPipeline
import RulebookWire

/// The corpus under test: its Swift files in memory, its specs as `rulebook check` groups
/// them, and the violations its generator planted (`manifest.json`, when present).
struct Corpus {
    /// The corpus folder.
    let path: String
    /// Every `.swift` file's text, in path order.
    let sources: [String]
    /// Newlines in all Swift files.
    let lines: Int
    /// The specs `SpecScanner` makes of the folder.
    let specs: [SpecSubmitted]
    /// Planted violations by rule id, from `manifest.json`.
    let planted: [String: Int]?
    /// The path of the largest Swift file.
    let largestFile: String

    /// Reads the corpus at `path`.
    init(path: String) throws {
        self.path = path
        specs = try SpecScanner(root: path).specs(in: [path])
        let files = specs.flatMap { $0.files ?? [] }.sorted { $0.path < $1.path }
        sources = files.map(\.contents)
        largestFile = files.max { $0.contents.utf8.count < $1.contents.utf8.count }
            .map { $0.path.hasPrefix("/") ? $0.path : path + "/" + $0.path } ?? path
        lines = sources.reduce(0) { total, text in total + text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 } }
        let manifest = URL(fileURLWithPath: path).appendingPathComponent("manifest.json")
        planted = (try? Data(contentsOf: manifest))
            .flatMap { try? JSONDecoder().decode(Manifest.self, from: $0) }?.planted
    }

    private struct Manifest: Decodable {
        var planted: [String: Int]
    }
}
