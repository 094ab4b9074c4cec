import Foundation
import MCP
import RulebookCore
import RulebookSwiftSource
import RulebookWire
import Testing

@testable import RulebookMCP

/// The JSON Patch operations fixes use, applied as RFC 6902 says (the interop tests compare
/// real patches with the `jsonpatch` package's result).
struct JSONPatchTests {
    let spec: Value = [
        "state": ["name": "LoginState", "conformances": ["Sendable"]],
        "reducers": [["switches": [["handledCases": ["a"], "hasDefault": true]]]],
        "a~b/c": 1,
    ]

    @Test func addReplaceAndRemoveAtPointersWithEscapes() {
        let patched = JSONPatch.apply(
            [
                JSONPatchOperation(op: .add, path: "/state/conformances/-", value: .string("Equatable")),
                JSONPatchOperation(op: .replace, path: "/reducers/0/switches/0/hasDefault", value: .boolean(false)),
                JSONPatchOperation(op: .add, path: "/reducers/0/switches/0/handledCases/0", value: .string("z")),
                JSONPatchOperation(op: .remove, path: "/a~0b~1c"),
                JSONPatchOperation(op: .add, path: "/state/attributes", value: .strings(["ObservableState"])),
            ], to: spec)
        #expect(patched == [
            "state": ["name": "LoginState", "conformances": ["Sendable", "Equatable"], "attributes": ["ObservableState"]],
            "reducers": [["switches": [["handledCases": ["z", "a"], "hasDefault": false]]]],
        ])
    }

    @Test(arguments: [
        JSONPatchOperation(op: .replace, path: "/state/missing", value: .boolean(true)),
        JSONPatchOperation(op: .remove, path: "/reducers/3"),
        JSONPatchOperation(op: .add, path: "/reducers/0/switches/0/handledCases/5", value: .string("x")),
        JSONPatchOperation(op: .add, path: "/state/name/x", value: .string("x")),
        JSONPatchOperation(op: .add, path: "state", value: .string("x")),
        JSONPatchOperation(op: .add, path: "/state/conformances/-"),
    ])
    func anOperationThatDoesNotApplyLeavesNoPatchedDocument(operation: JSONPatchOperation) {
        #expect(JSONPatch.apply([JSONPatchOperation(op: .add, path: "/x", value: .boolean(true)), operation], to: spec) == nil)
    }
}

/// A rule's fix on a declared spec does what its Swift fix does: each correction's code,
/// described as a declared spec, gets a JSON Patch from the same rule, and the patched spec
/// checks clean of it (what `check_declared_spec` answers as `fixedSpec`).
struct DeclaredCorrectionTests {
    static let corrections: [(rule: String, correction: RuleCorrection)] = RuleRegistry.all.flatMap { rule in
        rule.description.corrections.filter { $0.kind == .fix }.map { (rule.description.id, $0) }
    }

    @Test func eachCorrectionPatchesTheDeclaredSpecClean() throws {
        var patched = 0
        for (rule, correction) in Self.corrections {
            let example = correction.before
            let stem = String(example.fileName.split(separator: "/").last!.dropLast(".swift".count))
            let files = [SourceFile(path: example.fileName, contents: example.source)]
            let swift = SwiftFeatureParser.model(
                featureName: FeatureNaming.featureName(forFileStem: stem), files: files,
                project: FileIndexer.context(of: files, inProjectWith: []))
            let spec = try PlainValue.decode(JSONEncoder().encode(DeclaredSpecExporter.spec(of: swift)))
            let findings = RuleEngine().findings(for: DeclaredFeatureBuilder.model(of: try DeclaredSpecDecoder.decode(JSONEncoder().encode(spec))))
                .filter { $0.ruleId == rule }
            #expect(!findings.isEmpty, "\(rule): the declared spec of\n\(example.code)")
            let patch = findings.compactMap(\.fix).flatMap(\.patch)
            #expect(findings.allSatisfy { $0.fix?.kind == .fix && $0.fix?.edits.isEmpty == true && $0.fix?.patch.isEmpty == false })
            let fixed = try #require(JSONPatch.apply(patch, to: spec), "\(rule): \(patch)")
            let again = RuleEngine().findings(for: DeclaredFeatureBuilder.model(of: try DeclaredSpecDecoder.decode(JSONEncoder().encode(fixed))))
            #expect(!again.contains { $0.ruleId == rule }, "\(rule): patched \(fixed)")
            patched += 1
        }
        #expect(patched >= 8)
    }
}
