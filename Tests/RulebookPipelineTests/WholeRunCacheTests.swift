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
        #expect(cache.runVerdicts(for: question, count: scan.specs.count) == nil)
        let verdicts = scan.specs.map { Self.verdict($0, "rule-\($0.feature)") }
        cache.rememberRun(verdicts, for: question)
        #expect(cache.runVerdicts(for: question, count: scan.specs.count) == verdicts)
        #expect(cache.runVerdicts(for: question, count: scan.specs.count + 1) == nil)
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
