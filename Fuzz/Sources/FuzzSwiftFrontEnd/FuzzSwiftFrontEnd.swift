import Foundation
import RulebookCore
import RulebookSwiftSource
import RulebookWire
import SwiftParser
import SwiftSyntax

/// One input through the Swift front end and every rule, as the validator checks a
/// `swift-source` spec: the nesting gate (`SwiftNesting`, RB114), SwiftSyntax parse and
/// walk (`SwiftFeatureParser`), role detection,
/// the rules (opt-in ones too), suppressions, fingerprints, and the `spec.validated` answer,
/// which must decode again.
///
/// Input format (see README.md): UTF-8 Swift text (invalid bytes become U+FFFD, as after
/// JSON decoding). Lines `// @file: PATH` start a new file, so one input can be a
/// multi-file legacy feature; text before the first such line is `Feature.swift`. The
/// feature is named after the first file, as the scanner does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftFrontEnd(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    SwiftFrontEndHarness.run(bytes)
    return 0
}

enum SwiftFrontEndHarness {
    static let marker = "// @file: "
    static let codec = EventCodec()
    static let everyRule = RuleEngine(
        configuration: RuleConfiguration(
            optInRules: RuleRegistry.all.filter { $0.description.isOptIn }.map { $0.description.id }))

    static func run(_ bytes: [UInt8]) {
        let files = files(in: String(decoding: bytes, as: UTF8.self))
        // The validator's gate (SpecChecker): sources that nest too deeply are rejected
        // with RB114 before SwiftSyntax sees them.
        for file in files {
            do {
                try SwiftNesting.check(file)
            } catch {
                guard case .sourceTooDeep = error else { fatalError("unexpected error \(error)") }
                return
            }
            checkGate(file)
        }
        let stem = files[0].path.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? ""
        // Forced dialects as a config would set them; which one follows from the input.
        let dialect: Dialect? = [nil, .legacy, .modern][bytes.count % 3]
        let model = SwiftFeatureParser.model(
            featureName: FeatureNaming.featureName(forFileStem: stem), files: files, dialect: dialect)
        let findings = everyRule.findings(for: model)
        let validated = SpecValidated(
            specId: "fuzz", specSource: "urn:rulebook:fuzz", feature: model.name, origin: .swiftSource,
            dialect: model.dialect, findings: findings, validator: "fuzz", durationMicros: 1)
        let answer = codec.encode(CloudEvent(source: "urn:rulebook:fuzz", runId: nil, data: validated))
        do {
            _ = try codec.decode(answer)
        } catch {
            fatalError("the spec.validated answer does not decode: \(error)")
        }
    }

    /// The gate's oracle: a source it lets through must not parse into a tree much deeper than
    /// it measured (every level of nesting is a handful of syntax nodes). A deeper tree means
    /// the gate misread the source (a string, comment or regex literal where SwiftSyntax sees
    /// code) and a deeper input would overflow the stack behind its back.
    static func checkGate(_ file: SourceFile) {
        let levels = SwiftNesting.measure(file.contents).levels
        let depth = treeDepth(Parser.parse(source: file.contents))
        if depth > 8 * levels + 64 {
            fatalError("nesting gate bypassed: \(file.path) measured \(levels) levels, parses \(depth) deep")
        }
    }

    /// The depth of a syntax tree, without recursion.
    static func treeDepth(_ tree: SourceFileSyntax) -> Int {
        var deepest = 0
        var stack: [(Syntax, Int)] = [(Syntax(tree), 1)]
        while let (node, depth) = stack.popLast() {
            deepest = max(deepest, depth)
            for child in node.children(viewMode: .all) { stack.append((child, depth + 1)) }
        }
        return deepest
    }

    static func files(in text: String) -> [SourceFile] {
        var files: [SourceFile] = []
        var path = "Feature.swift"
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(marker) {
                if !lines.isEmpty || !files.isEmpty || path != "Feature.swift" {
                    files.append(SourceFile(path: path, contents: lines.joined(separator: "\n")))
                }
                path = String(line.dropFirst(marker.count))
                lines = []
            } else {
                lines.append(line)
            }
        }
        files.append(SourceFile(path: path, contents: lines.joined(separator: "\n")))
        return files
    }
}
