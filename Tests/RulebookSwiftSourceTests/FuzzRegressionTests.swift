import Foundation
import RulebookCore
import RulebookSwiftSource
import Testing

/// Inputs that crashed (stack overflow), hung (exponential or cubic time) or exhausted memory
/// in `Fuzz/FuzzSwiftFrontEnd` (see Fuzz/README.md), kept in
/// `Tests/Fixtures/FuzzCrashers/FuzzSwiftFrontEnd`, fed through the validator's path: the
/// nesting gate, then the Swift front end and every rule. `*.rejected.swift` must be answered
/// with RB114 before SwiftSyntax sees it; `*.accepted.swift` (just under the limits) checked.
/// Inputs use the fuzzer's format: `// @file: PATH` lines start files.
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/FuzzCrashers/FuzzSwiftFrontEnd")
    static let inputs: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
    static let everyRule = RuleEngine(
        configuration: RuleConfiguration(optInRules: RuleRegistry.all.filter { $0.description.isOptIn }.map { $0.description.id }))

    @Test func theCrashersAreKept() {
        #expect(Self.inputs.filter { $0.hasSuffix(".rejected.swift") }.count >= 10)
        #expect(Self.inputs.filter { $0.hasSuffix(".accepted.swift") }.count >= 3)
    }

    @Test(arguments: inputs)
    func crasherIsAnswered(name: String) throws {
        let text = String(decoding: try Data(contentsOf: Self.folder.appendingPathComponent(name)), as: UTF8.self)
        let started = ContinuousClock.now
        let outcome = Self.check(Self.files(in: text))
        switch outcome {
        case .success(let findings):
            #expect(name.hasSuffix(".accepted.swift"), "\(name) was not rejected (\(findings.count) findings)")
        case .failure(let error):
            #expect(name.hasSuffix(".rejected.swift"), "\(name): \(error)")
            #expect(error.code == "RB114")
        }
        #expect(ContinuousClock.now - started < .seconds(20), "\(name) took too long")
    }

    /// The validator's path for Swift files (`SpecChecker`): the gate, the model, the rules.
    static func check(_ files: [SourceFile]) -> Result<[Finding], RulebookError> {
        do throws(RulebookError) {
            for file in files { try SwiftNesting.check(file) }
        } catch {
            return .failure(error)
        }
        let model = SwiftFeatureParser.model(featureName: FeatureNaming.featureName(forFileStem: "Deep"), files: files)
        return .success(everyRule.findings(for: model))
    }

    static func files(in text: String) -> [SourceFile] {
        var files: [SourceFile] = []
        var path = "Feature.swift"
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("// @file: ") {
                if !lines.isEmpty || !files.isEmpty || path != "Feature.swift" {
                    files.append(SourceFile(path: path, contents: lines.joined(separator: "\n")))
                }
                path = String(line.dropFirst("// @file: ".count))
                lines = []
            } else {
                lines.append(line)
            }
        }
        files.append(SourceFile(path: path, contents: lines.joined(separator: "\n")))
        return files
    }
}
