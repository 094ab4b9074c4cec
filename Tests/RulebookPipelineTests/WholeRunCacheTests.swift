import Foundation
import RulebookCore
@testable import RulebookPipeline
import RulebookWire
import Testing

/// The result cache's answer for a whole run: asked before any project context is worked
/// out, so its question must change with anything that could change a verdict.
struct WholeRunCacheTests {
    static let files = [
        "Login/LoginState.swift": "struct LoginState { var name = \"\" }",
        "Login/LoginAction.swift": "enum LoginAction { case tapped }",
        "Home/HomeFeature.swift": "@Reducer struct HomeFeature { struct State {} }",
        "Declared/Profile.rulebook.json": #"{"feature": "Profile"}"#,
    ]

    /// A cache in a new folder, a folder holding `files`, and a bare scan of it.
    static func setUp(_ files: [String: String] = files) throws -> (cache: ResultCache, root: String, scan: SpecScan) {
        let cache = try ResultCache(folder: FileManager.default.temporaryDirectory.path + "/rb-run-cache-\(UUID().uuidString)")
        let root = try SpecScannerTests.folder(with: files)
        var scanner = SpecScanner(root: root)
        scanner.addsProjectContext = false
        return (cache, root, try scanner.scan([root]))
    }

    static func verdict(_ spec: SpecSubmitted, _ rule: String) -> SpecValidated {
        SpecValidated(
            specId: "old-\(spec.feature)", specSource: "rulebook://check/old", feature: spec.feature, origin: spec.origin,
            dialect: .modern,
            findings: [Finding(ruleId: rule, severity: .warning, message: "m", location: SourceLocation(file: "f", line: 1), fingerprint: "p")],
            validator: "validator-1", durationMicros: 7)
    }

    @Test func aRunIsAnsweredWholeOnlyForTheSameQuestion() throws {
        let (cache, root, scan) = try Self.setUp()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(scan.specs.allSatisfy { $0.project == nil }, "the scan was asked for bare specs")
        let question = cache.runQuestion(of: scan)
        #expect(cache.runAnswer(for: question) == nil)
        let verdicts = scan.specs.map { Self.verdict($0, "rule-\($0.feature)") }
        let groups = scan.specs.indices.map { [$0] }
        cache.rememberRun(RunAnswer(groups: groups, verdicts: verdicts), for: question)
        #expect(cache.runAnswer(for: question)?.verdicts == verdicts)
        #expect(cache.runAnswer(for: question)?.groups == groups)
        // The question does not hold the project context: it follows from the rest.
        let withContext = scan.withProjectContext(cache: nil)
        #expect(withContext.specs.contains { $0.project != nil })
        #expect(cache.runQuestion(of: withContext) == question)
    }

    @Test func anythingThatDecidesAVerdictChangesTheQuestion() throws {
        let (cache, root, scan) = try Self.setUp()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let question = cache.runQuestion(of: scan)
        var edited = Self.files
        edited["Login/LoginAction.swift"] = "enum LoginAction { case tapped, typed }"
        let (_, editedRoot, editedScan) = try Self.setUp(edited)
        defer { try? FileManager.default.removeItem(atPath: editedRoot) }
        var configured = scan
        configured.specs[0].config = RuleConfiguration(disabledRules: ["state-ui-type"])
        var targeted = scan
        targeted.iOSVersions = ["17.0"]
        var fewer = scan
        fewer.specs.removeLast()
        let questions = [question, cache.runQuestion(of: editedScan), cache.runQuestion(of: configured),
                         cache.runQuestion(of: targeted), cache.runQuestion(of: fewer)]
        #expect(Set(questions).count == questions.count)
        // The same tree scanned again asks the same.
        #expect(cache.runQuestion(of: try SpecScanner(root: root).scanBare([root])) == question)
    }

    /// A run whose scanned specs were joined into features is answered joined the same way.
    @Test func aJoinedRunIsAnsweredJoined() throws {
        let files = [
            "Home/HomeFeature.swift": "@Reducer struct HomeFeature { struct State {}; enum Action { case tapped } }",
            "Home/HomeView.swift": "extension HomeFeature { struct Helper {} }",
            "Home/Other.swift": "struct Other {}",
        ]
        let (cache, root, scan) = try Self.setUp(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let indexed = scan.withProjectContext(cache: nil)
        #expect(indexed.specs.count == 2, "the extension file joins its feature")
        let groups = try #require(indexed.groups)
        #expect(groups.count == 2)
        let joined = try #require(scan.joined(as: groups))
        #expect(joined.specs.map(\.feature) == indexed.specs.map(\.feature))
        #expect(joined.specs.map { $0.files?.map(\.path) } == indexed.specs.map { $0.files?.map(\.path) })
        #expect(scan.joined(as: [[0]]) == nil, "groups that leave a spec out are no answer")
        #expect(RunAnswer.groups(decoding: RunAnswer(groups: groups, verdicts: []).encodedGroups) == groups)
        #expect(RunAnswer.groups(decoding: Array("0,x;1".utf8)) == nil)
        _ = cache
    }

    @Test func framesThatDoNotAddUpAreNoAnswer() {
        var frames = RunFrames()
        frames.append(Array("one".utf8))
        frames.append([])
        frames.append(Array("three".utf8))
        #expect(RunFrames.split(frames.bytes) == [Array("one".utf8), [], Array("three".utf8)])
        #expect(RunFrames.split(Array(frames.bytes.dropLast())) == nil)
        #expect(RunFrames.split(Array(frames.bytes.prefix(5))) == nil)
    }
}

extension SpecScanner {
    /// `scan(_:)` without project contexts.
    fileprivate func scanBare(_ paths: [String]) throws -> SpecScan {
        var scanner = self
        scanner.addsProjectContext = false
        return try scanner.scan(paths)
    }
}
