import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import RulebookSwiftSource

/// `SourceText.trimmed` slices a node's text from the source bytes; it must equal SwiftSyntax's
/// `trimmedDescription` for every node, in trees that parsed cleanly and in trees with
/// missing and unexpected tokens (at a node's edges too, where the two could part).
struct SourceTextTests {
    static let snippets = [
        "struct Feature { var count: Int = 0; let name: String }",
        "struct { }", "let x: = 1", "func f(", "var a: [Int", "enum Action { case . }", "case .a(let",
        "@Reducer struct F { var body: some ReducerOf<Self> { Reduce { state, action in switch action { } } } }",
        "let value = foo(bar:, baz)", "extension : View {}", "/* c */ struct S { @State var x = 1 // t\n}",
        "if #available(iOS 26.0, *) { view.glassEffect() } else", "class C: { init() }", "x = [1, 2,, 3]",
        "func g() -> { return }", "}}}", "typealias = Int", "@ var x",
    ]

    /// Sources from the fuzzer's corpus that SwiftSyntax parses with errors (the first 80
    /// that pass the nesting gate, which keeps pathologically deep sources from SwiftSyntax).
    static let fuzzSources: [String] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/FuzzSwiftFrontEnd")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let sources = names.sorted().lazy.compactMap { name -> String? in
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)), data.count < 4_000,
                let text = String(data: data, encoding: .utf8)
            else { return nil }
            let measure = SwiftNesting.measure(text)
            guard measure.levels <= SwiftNesting.defaultMaxLevels, measure.squareBrackets <= SwiftNesting.defaultMaxSquareBrackets
            else { return nil }
            return Parser.parse(source: text).hasError ? text : nil
        }
        return Array(sources.prefix(80))
    }()

    @Test(arguments: snippets)
    func trimmedEqualsTrimmedDescriptionInSnippets(source: String) {
        #expect(Self.mismatches(in: source).isEmpty)
    }

    @Test func trimmedEqualsTrimmedDescriptionInFuzzedSourcesWithErrors() {
        #expect(Self.fuzzSources.count == 80)
        for source in Self.fuzzSources {
            let mismatches = Self.mismatches(in: source)
            #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
        }
    }

    /// Nodes whose sliced text differs from their `trimmedDescription`.
    private static func mismatches(in source: String) -> [String] {
        let tree = Parser.parse(source: source)
        let text = SourceText(contents: source)
        let collector = NodeCollector(viewMode: .all)
        collector.walk(tree)
        return collector.nodes.compactMap { node in
            let sliced = text.trimmed(node)
            return sliced == node.trimmedDescription ? nil : "\(node.kind): \(sliced.debugDescription) ≠ \(node.trimmedDescription.debugDescription)"
        }
    }
}

/// Every node of a tree, missing ones included.
private final class NodeCollector: SyntaxAnyVisitor {
    var nodes: [Syntax] = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        nodes.append(node)
        return .visitChildren
    }
}
