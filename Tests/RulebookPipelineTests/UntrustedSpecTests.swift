import Foundation
import RulebookCore
import RulebookPipeline
import RulebookWire
import Testing

/// The validator checks what a message carries; paths inside a spec are only names.
struct UntrustedSpecTests {
    static let violating = "struct UntrustedState: Equatable {\n  var badgeScale: CGFloat = 1\n}\n"

    static func animationFindings(path: String, contents: String) throws -> Int {
        let event = CloudEvent(
            source: "t", runId: "r",
            data: SpecSubmitted(feature: "Untrusted", origin: .swiftSource, files: [SourceFile(path: path, contents: contents)]))
        return try SpecChecker().check(event, validator: "v").findings.filter { $0.ruleId == "state-animation-value" }.count
    }

    @Test func theValidatorNeverOpensTheFilesASpecNames() throws {
        let path = FileManager.default.temporaryDirectory.path + "/rb-untrusted-\(UUID().uuidString)/UntrustedState.swift"
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Self.violating.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        // The file on disk holds an animation value: found when the message carries it, not
        // when the message only names the file.
        #expect(try Self.animationFindings(path: path, contents: Self.violating) == 1)
        #expect(try Self.animationFindings(path: path, contents: "struct UntrustedState: Equatable {\n  var title = \"\"\n}\n") == 0)
    }
}
